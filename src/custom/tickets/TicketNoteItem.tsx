import { IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { useDelete, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { Note } from '../../domain/records';
import { useFormatDateTime } from './useFormatDateTime';
import { MessageAttachments } from './attachments/MessageAttachments';

/** One internal note: its author and date, pin / unpin, and delete for its own author. */
export function TicketNoteItem({ note, mine }: { note: Note; mine: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const formatDateTime = useFormatDateTime();
  const [update, { isPending: pinning }] = useUpdate();
  const [remove, { isPending: deleting }] = useDelete();
  const pinLabel = translate(note.pinned ? 'app.tickets.notes.unpin' : 'app.tickets.notes.pin');

  const togglePin = () =>
    update(
      'notes-bo',
      { id: note.id, data: { pinned: !note.pinned }, previousData: note },
      { onError: () => notify('app.tickets.send_error', { type: 'error' }) },
    );
  const deleteNote = () =>
    remove(
      'notes-bo',
      { id: note.id, previousData: note },
      {
        onSuccess: () => notify('app.tickets.notes.deleted', { type: 'success' }),
        onError: () => notify('app.tickets.send_error', { type: 'error' }),
      },
    );

  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="ticket-note"
      data-pinned={note.pinned}
      sx={{ p: 1.5, bgcolor: note.pinned ? '#fff8e1' : undefined }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" component="span" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {note.author?.name ?? translate('app.tickets.unknown_author')}{' '}
          <Typography variant="caption" component="time" dateTime={note.createdAt} color="text.secondary">
            {formatDateTime(note.createdAt)}
          </Typography>
        </Typography>
        <Tooltip title={pinLabel}>
          <IconButton
            size="small"
            aria-label={pinLabel}
            aria-pressed={note.pinned}
            onClick={togglePin}
            disabled={pinning}
          >
            {note.pinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
        {mine && (
          <Tooltip title={translate('app.tickets.notes.delete')}>
            <IconButton
              size="small"
              aria-label={translate('app.tickets.notes.delete')}
              onClick={deleteNote}
              disabled={deleting}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {note.content}
      </Typography>
      <MessageAttachments ticketId={note.ticket ?? undefined} carrier={{ note: note.id }} />
    </Paper>
  );
}
