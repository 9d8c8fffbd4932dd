import { Box, Paper, Stack, Typography } from '@mui/material';
import { useTranslate, type Identifier } from 'react-admin';
import type { TicketMessage } from '../../domain/records';
import { MessageAttachments } from './attachments/MessageAttachments';
import { TicketEntryList } from './TicketEntryList';
import { TicketStatusChip } from './TicketStatusChip';
import { useFormatDateTime } from './useFormatDateTime';

/** A ticket's real messages, oldest first: who wrote, when, the status each one set, the text, the files. */
export function TicketThread({ messages, ticketId }: { messages: readonly TicketMessage[]; ticketId?: Identifier }) {
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  return (
    <TicketEntryList items={messages} label="app.tickets.thread" empty="app.tickets.no_messages">
      {(message) => (
        <Paper component="li" variant="outlined" data-testid="ticket-message" sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
            <Typography variant="subtitle2" component="span">
              {message.author?.name ?? translate('app.tickets.unknown_author')}
            </Typography>
            <Typography variant="caption" component="time" dateTime={message.createdAt} color="text.secondary">
              {formatDateTime(message.createdAt)}
            </Typography>
            <Box sx={{ flex: 1 }} />
            <TicketStatusChip status={message.status} />
          </Stack>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Typography>
          <MessageAttachments ticketId={ticketId} carrier={{ message: message.id }} />
        </Paper>
      )}
    </TicketEntryList>
  );
}
