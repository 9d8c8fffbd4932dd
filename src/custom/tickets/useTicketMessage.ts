import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, type Identifier } from 'react-admin';
import type { TicketMessageStatus } from '../../providers/actions';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * Sends a message on a ticket through `add-message` (a reply, a closing, a reopening). On success the
 * ticket's queries (its panel, the lists, the menu's count) are fetched again; on failure a French error
 * snackbar shows and the caller keeps its text.
 */
export function useTicketMessage(id: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: ({
      message,
      status,
      attachments,
    }: {
      message: string;
      status: TicketMessageStatus;
      attachments?: readonly number[];
    }) => dataProvider.addTicketMessage({ id, message, status, attachments }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
    onError: () => notify('app.tickets.send_error', { type: 'error' }),
  });
}
