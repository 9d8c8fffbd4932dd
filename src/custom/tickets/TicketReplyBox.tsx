import { Alert, Button, Stack, TextField } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import DoneIcon from '@mui/icons-material/Done';
import { useNotify, useTranslate } from 'react-admin';
import type { KeyboardEvent } from 'react';
import type { TicketMessageStatus } from '../../providers/actions';

interface TicketReplyBoxProps {
  text: string;
  onText: (text: string) => void;
  /** Sends the text with a status; resolves once sent, rejects when the call failed (the text stays). */
  send: (status: TicketMessageStatus, message: string) => Promise<unknown>;
  sending: boolean;
  closed: boolean;
}

/**
 * The free-text box under the thread and its two buttons: "send as waiting" (status `created`) and
 * "send as treated" (status `treated`). A blank text does nothing and shows nothing (the spec's rule);
 * Ctrl+Enter sends as waiting. Read-only while the ticket is closed.
 */
export function TicketReplyBox({ text, onText, send, sending, closed }: TicketReplyBoxProps) {
  const translate = useTranslate();
  const notify = useNotify();

  async function submit(status: TicketMessageStatus) {
    const message = text.trim();
    if (message === '' || sending || closed) return;
    try {
      await send(status, message);
      onText('');
      notify('app.tickets.sent', { type: 'success' });
    } catch {
      // The error snackbar is shown by useTicketMessage; the text stays for another try.
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit('created');
    }
  }

  return (
    <Stack spacing={1}>
      {closed && <Alert severity="info">{translate('app.tickets.closed_readonly')}</Alert>}
      <TextField
        label={translate('app.tickets.reply_label')}
        helperText={closed ? undefined : translate('app.tickets.reply_help')}
        value={text}
        onChange={(event) => onText(event.target.value)}
        onKeyDown={onKeyDown}
        multiline
        minRows={3}
        maxRows={12}
        fullWidth
        slotProps={{ input: { readOnly: closed } }}
        disabled={closed}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          startIcon={<SendIcon />}
          onClick={() => void submit('created')}
          disabled={closed || sending}
        >
          {translate('app.tickets.send_waiting')}
        </Button>
        <Button
          variant="contained"
          startIcon={<DoneIcon />}
          onClick={() => void submit('treated')}
          disabled={closed || sending}
        >
          {translate('app.tickets.send_treated')}
        </Button>
      </Stack>
    </Stack>
  );
}
