import { useState, type ReactNode } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { useGetOne, useTranslate, type Identifier } from 'react-admin';
import type { Ticket } from '../../domain/records';
import type { TicketMessageStatus } from '../../providers/actions';
import { sessionAllowsAll } from '../../providers/authProvider';
import { Loader } from '../Loader';
import { TicketAssignment } from './TicketAssignment';
import { TicketDueBadge } from './TicketDueBadge';
import { CloseTicketFooter } from './CloseTicketFooter';
import { TicketParentLink } from './TicketParentLink';
import { TicketReplyBox } from './TicketReplyBox';
import { TicketStatusChip } from './TicketStatusChip';
import { TicketThread } from './TicketThread';
import { useTicketMessage } from './useTicketMessage';
import { TicketTypingLine } from './presence/TicketTypingLine';
import { useReplyGuard } from './presence/useReplyGuard';
import { useAttachmentDraft } from './attachments/useAttachmentDraft';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '7rem 1fr' },
        gap: { xs: 0, sm: 1 },
        alignItems: 'center',
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * The ticket panel's `infos` sub-tab: subject, status, what it is about (when it is about something), its
 * author, its running response target, who handles it and its priority, the real message thread, the reply
 * box and the footer that closes it.
 */
export function TicketInfosTab({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne('tickets', { id });
  const ticket = data as Ticket | undefined;
  const { mutateAsync, isPending: sending } = useTicketMessage(id);
  // Shared by the box and the footer: a closing carries the text typed, if any.
  const [text, setText] = useState('');
  const send = (status: TicketMessageStatus, message: string, attachments?: readonly number[]) =>
    mutateAsync({ message, status, attachments });
  // The files waiting to go with the next message: the box's, and the closing footer's too.
  const files = useAttachmentDraft(id);
  // Who handles it and how urgent: support staff's, not a reporter's on their own bug ticket.
  const staff = sessionAllowsAll('tickets', 'edit');
  // A reply asks first when a newer message came since it was started; colleagues see it being typed.
  const reply = useReplyGuard({
    ticketId: id,
    messages: ticket?.messages ?? [],
    text,
    setText,
    signalsTyping: staff,
    onSentAnyway: files.reset,
  });

  if (isPending) return <Loader size="small" />;
  if (error || !ticket) return <Alert severity="error">{translate('app.tickets.load_error')}</Alert>;
  const closed = ticket.status === 'closed';
  return (
    <Stack spacing={2} sx={{ p: 1 }} data-testid="ticket-panel">
      <Stack component="dl" spacing={1} sx={{ m: 0 }}>
        <Detail label={translate('app.tickets.subject')}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {ticket.subject}
          </Typography>
        </Detail>
        <Detail label={translate('app.tickets.status')}>
          <TicketStatusChip status={ticket.status} />
        </Detail>
        {/* A ticket about nothing in particular says nothing of it. */}
        {ticket.parent && (
          <Detail label={translate('app.tickets.about')}>
            <TicketParentLink parent={ticket.parent} />
          </Detail>
        )}
        <Detail label={translate('app.tickets.author')}>
          <Typography variant="body2">{ticket.author?.name ?? translate('app.tickets.unknown_author')}</Typography>
        </Detail>
        {ticket.dueAt && (
          <Detail label={translate('resources.tickets.fields.dueAt')}>
            <TicketDueBadge ticket={ticket} />
          </Detail>
        )}
      </Stack>
      {staff && <TicketAssignment ticket={ticket} />}
      <Box component="section" aria-label={translate('app.tickets.thread')}>
        <TicketThread messages={ticket.messages ?? []} ticketId={id} />
      </Box>
      {staff && <TicketTypingLine ticketId={id} />}
      <TicketReplyBox
        ticketId={id}
        text={text}
        onText={reply.onText}
        send={reply.send}
        sending={sending || reply.sending}
        closed={closed}
        files={files}
      />
      {reply.dialog}
      <CloseTicketFooter
        closed={closed}
        text={text}
        // A closing carries what the box holds: its text and its files.
        send={(status, message) => send(status, message, status === 'closed' ? files.ids : undefined)}
        sending={sending || files.blocked}
        onSent={() => {
          setText('');
          files.reset();
        }}
      />
    </Stack>
  );
}
