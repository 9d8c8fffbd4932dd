import { Paper, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Confirm, useTranslate } from 'react-admin';
import type { TicketMessage } from '../../../domain/records';
import { useFormatDateTime } from '../useFormatDateTime';

interface NewerMessageDialogProps {
  /** The messages that arrived since the reply was started; none: the dialog is closed. */
  messages: readonly TicketMessage[];
  sending: boolean;
  onSendAnyway: () => void;
  onReread: () => void;
}

/**
 * "Un nouveau message est arrivé. Envoyer quand même ?", with the new messages: "Envoyer quand même" sends the
 * reply as it is, "Relire" goes back to the thread with the text kept.
 */
export function NewerMessageDialog({ messages, sending, onSendAnyway, onReread }: NewerMessageDialogProps) {
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  return (
    <Confirm
      isOpen={messages.length > 0}
      loading={sending}
      title="app.presence.newer_title"
      content={
        <Stack spacing={1}>
          <Typography variant="body2">
            {translate('app.presence.newer_content', { smart_count: messages.length })}
          </Typography>
          {messages.map((message) => (
            <Paper key={message.id} variant="outlined" sx={{ p: 1.5 }} data-testid="newer-message">
              <Typography variant="subtitle2" component="p">
                {message.author?.name ?? translate('app.tickets.unknown_author')}
                {' · '}
                <Typography variant="caption" component="time" dateTime={message.createdAt} color="text.secondary">
                  {formatDateTime(message.createdAt)}
                </Typography>
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.body}
              </Typography>
            </Paper>
          ))}
        </Stack>
      }
      confirm="app.presence.send_anyway"
      cancel="app.presence.reread"
      ConfirmIcon={SendIcon}
      CancelIcon={VisibilityIcon}
      onConfirm={onSendAnyway}
      onClose={onReread}
    />
  );
}
