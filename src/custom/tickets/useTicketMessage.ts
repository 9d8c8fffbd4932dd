import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider, useNotify, type Identifier } from 'react-admin';
import type { AddTicketMessageParams } from '../../providers/actions';
import type { AppDataProvider } from '../../providers/dataProvider';

/** A reply refused because a newer message arrived since it was started: the caller asks first. */
export const isNewerMessageRefusal = (error: unknown): error is HttpError =>
  error instanceof HttpError && error.status === 409 && Array.isArray(error.body?.newerMessages);

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
    mutationFn: (params: Omit<AddTicketMessageParams, 'id'>) => dataProvider.addTicketMessage({ id, ...params }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
    onError: (error) => {
      if (!isNewerMessageRefusal(error)) notify('app.tickets.send_error', { type: 'error' });
    },
  });
}
