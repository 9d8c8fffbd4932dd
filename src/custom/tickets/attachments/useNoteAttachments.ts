import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useAttachmentDraft } from './useAttachmentDraft';

/**
 * The files of a note being written: uploaded as they are added, then given to the note once it is
 * created. Should that fail, the note stays saved and says so; its files are swept as never sent.
 */
export function useNoteAttachments(ticketId: Identifier) {
  const draft = useAttachmentDraft(ticketId);
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  async function attachTo(note: Identifier) {
    const ids = draft.ids;
    draft.reset();
    if (ids.length === 0) return;
    try {
      await dataProvider.attachToNote(note, ids);
      await queryClient.invalidateQueries({ queryKey: ['tickets', 'attachments', String(ticketId)] });
    } catch {
      notify('app.ticket_attachments.note_files_failed', { type: 'warning' });
    }
  }
  return { draft, attachTo };
}
