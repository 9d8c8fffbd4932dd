import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import DoneIcon from '@mui/icons-material/Done';
import { useNotify, useTranslate, type Identifier } from 'react-admin';
import type { KeyboardEvent } from 'react';
import type { TicketMessageStatus } from '../../providers/actions';
import { shortcutOf } from './shortcuts';
import { useCannedReplyPicker } from './useCannedReplyPicker';
import { isMacro, MacroSummary, type CannedReplyChoice } from './MacroSummary';
import { AttachFilesButton, AttachmentDraftChips, attachmentDropSx } from './attachments/AttachmentDraftBar';
import type { AttachmentDraft } from './attachments/useAttachmentDraft';

interface TicketReplyBoxProps {
  ticketId: Identifier;
  text: string;
  onText: (text: string) => void;
  /**
   * Sends the text with a status (and its files, and the macro whose settings go with it); resolves once sent,
   * rejects when the call failed (the text stays).
   */
  send: (
    status: TicketMessageStatus,
    message: string,
    attachments?: readonly number[],
    cannedReply?: Identifier,
  ) => Promise<unknown>;
  sending: boolean;
  closed: boolean;
  /** The files going with the next message (held by the panel: the closing footer sends them too). */
  files: AttachmentDraft;
}

/**
 * The free-text box under the thread and its two buttons: "send as waiting" (status `created`) and
 * "send as treated" (status `treated`). A blank text does nothing and shows nothing: there is nothing to send;
 * Ctrl+Enter sends as waiting, Ctrl+Shift+Enter as treated, `r` anywhere outside a field comes here, and
 * `/` at the start of a word offers the canned replies (a macro's settings shown under the box, sent with the
 * reply). Read-only while the ticket is closed.
 */
export function TicketReplyBox({ ticketId, text, onText, send, sending, closed, files }: TicketReplyBoxProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLTextAreaElement | null>(null);
  // A macro chosen from the canned replies: what it sets goes with the next reply, shown until then.
  const [macro, setMacro] = useState<CannedReplyChoice | undefined>();
  const picker = useCannedReplyPicker({
    ticketId,
    text,
    onText,
    input,
    onChosen: (reply) => setMacro(isMacro(reply) ? reply : undefined),
  });

  // The text sent or cleared (by "Envoyer quand même" too): the macro went with it, or is dropped with it.
  const chosen = text.trim() === '' ? undefined : macro;

  useEffect(() => {
    function onKey(event: globalThis.KeyboardEvent) {
      if (closed || shortcutOf(event) !== 'focusReply') return;
      event.preventDefault();
      input.current?.focus();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [closed]);

  async function submit(status: TicketMessageStatus) {
    const message = text.trim();
    if (message === '' || sending || closed || files.blocked) return;
    try {
      await send(status, message, files.ids, chosen?.id);
      onText('');
      setMacro(undefined);
      files.reset();
      notify('app.tickets.sent', { type: 'success' });
    } catch {
      // The error snackbar is shown by useTicketMessage; the text stays for another try.
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (picker.onKeyDown(event)) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit(event.shiftKey ? 'treated' : 'created');
    }
  }

  return (
    <Stack spacing={1} {...(closed ? {} : files.dropZone)} sx={attachmentDropSx(files.dragging)}>
      {closed && <Alert severity="info">{translate('app.tickets.closed_readonly')}</Alert>}
      <TextField
        label={translate('app.tickets.reply_label')}
        helperText={closed ? undefined : translate('app.tickets.reply_help')}
        value={text}
        onChange={(event) => {
          onText(event.target.value);
          if (event.target.value.trim() === '') setMacro(undefined);
          picker.follow();
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => {
          if (event.key.startsWith('Arrow') || event.key === 'Home' || event.key === 'End') picker.follow();
        }}
        onClick={() => picker.follow()}
        onPaste={closed ? undefined : files.onPaste}
        inputRef={input}
        multiline
        minRows={3}
        maxRows={12}
        fullWidth
        slotProps={{ input: { readOnly: closed }, htmlInput: picker.inputProps }}
        disabled={closed}
      />
      {picker.popup}
      {chosen && !closed && <MacroSummary macro={chosen} onRemove={() => setMacro(undefined)} />}
      <AttachmentDraftChips draft={files} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <AttachFilesButton draft={files} disabled={closed} />
        <Button
          variant="outlined"
          startIcon={<SendIcon />}
          onClick={() => void submit('created')}
          disabled={closed || sending || files.blocked}
        >
          {translate('app.tickets.send_waiting')}
        </Button>
        <Button
          variant="contained"
          startIcon={<DoneIcon />}
          onClick={() => void submit('treated')}
          disabled={closed || sending || files.blocked}
        >
          {translate('app.tickets.send_treated')}
        </Button>
      </Stack>
    </Stack>
  );
}
