import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider, useNotify, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * Writes a ticket's internal note that mentions colleagues (`POST /api/tickets/{id}/notes`): the server
 * notifies each of them. Answers the call and whether it is under way; the notes' lists reload after.
 */
export function useNoteWithMentions(
  ticket: Identifier,
): [(note: { content: string; mentions: number[] }, onDone: (note: Identifier) => void) => void, boolean] {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  function add(note: { content: string; mentions: number[] }, onDone: (note: Identifier) => void) {
    setPending(true);
    dataProvider
      .addTicketNote(ticket, note)
      .then(async (written) => {
        onDone(written.id);
        notify('app.mentions.added', { type: 'success' });
        await queryClient.invalidateQueries({ queryKey: ['notes-bo'] });
      })
      .catch((error: unknown) =>
        notify(error instanceof HttpError && error.status === 422 ? 'app.mentions.refused' : 'app.tickets.send_error', {
          type: 'error',
        }),
      )
      .finally(() => setPending(false));
  }
  return [add, pending];
}
