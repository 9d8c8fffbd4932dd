import { useRef, useState } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCreate, useGetIdentity, useGetList, useNotify, useTranslate } from 'react-admin';
import { useMentionPicker } from '../mentions/useMentionPicker';
import { useNoteWithMentions } from '../mentions/useNoteWithMentions';
import type { Note } from '../../domain/records';
import { Loader } from '../Loader';
import type { SidePanelTabProps } from '../sidePanel';
import { TicketEntryList } from './TicketEntryList';
import { TicketNoteItem } from './TicketNoteItem';
import { AttachFilesButton, AttachmentDraftChips, attachmentDropSx } from './attachments/AttachmentDraftBar';
import { useNoteAttachments } from './attachments/useNoteAttachments';

/**
 * The `notes` sub-tab: the ticket's internal notes (`notes-bo` with `ticket`), pinned first, never shown
 * to its author; add one, pin or unpin any, delete one's own.
 */
export function TicketNotesTab({ id }: SidePanelTabProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const [content, setContent] = useState('');
  const { data, isPending, error } = useGetList<Note>('notes-bo', {
    filter: { ticket: id },
    sort: { field: 'createdAt', order: 'DESC' },
    pagination: { page: 1, perPage: 100 },
  });
  const [create, { isPending: creating }] = useCreate();
  const files = useNoteAttachments(id);
  const input = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionPicker({ ticketId: id, text: content, onText: setContent, input });
  const [addWithMentions, mentioning] = useNoteWithMentions(id);
  const adding = creating || mentioning;

  function add() {
    const text = content.trim();
    if (text === '' || adding || files.draft.blocked) return;
    const mentioned = mentions.mentions(text);
    if (mentioned.length > 0)
      return addWithMentions({ content: text, mentions: mentioned }, (note) => {
        setContent('');
        mentions.reset();
        void files.attachTo(note);
      });
    create(
      'notes-bo',
      { data: { content: text, ticket: id } },
      {
        onSuccess: (note) => {
          setContent('');
          void files.attachTo(note.id);
          notify('app.tickets.notes.added', { type: 'success' });
        },
        onError: () => notify('app.tickets.send_error', { type: 'error' }),
      },
    );
  }

  // Pinned notes first, each group newest first (the server sorts by date).
  const notes = [...(data ?? [])].sort((a, b) => Number(b.pinned) - Number(a.pinned));
  return (
    <Stack spacing={2} sx={{ p: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.tickets.notes.internal')}
      </Typography>
      <Stack spacing={1} {...files.draft.dropZone} sx={attachmentDropSx(files.draft.dragging)}>
        <TextField
          label={translate('app.tickets.notes.label')}
          value={content}
          helperText={translate('app.mentions.help')}
          onChange={(event) => {
            setContent(event.target.value);
            mentions.follow();
          }}
          onKeyDown={(event) => mentions.onKeyDown(event)}
          onKeyUp={(event) => {
            if (event.key.startsWith('Arrow') || event.key === 'Home' || event.key === 'End') mentions.follow();
          }}
          onClick={() => mentions.follow()}
          inputRef={input}
          slotProps={{ htmlInput: mentions.inputProps }}
          onPaste={files.draft.onPaste}
          multiline
          minRows={2}
          fullWidth
        />
        {mentions.popup}
        <AttachmentDraftChips draft={files.draft} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <AttachFilesButton draft={files.draft} />
          <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={adding || files.draft.blocked}>
            {translate('app.tickets.notes.add')}
          </Button>
        </Stack>
      </Stack>
      {isPending ? (
        <Loader size="small" />
      ) : error ? (
        <Alert severity="error">{translate('app.tickets.load_error')}</Alert>
      ) : (
        <TicketEntryList items={notes} label="app.tickets.notes.list" empty="app.tickets.notes.empty">
          {(note) => (
            <TicketNoteItem
              note={note}
              mine={identity?.id !== undefined && String(identity.id) === String(note.author?.id)}
            />
          )}
        </TicketEntryList>
      )}
    </Stack>
  );
}
