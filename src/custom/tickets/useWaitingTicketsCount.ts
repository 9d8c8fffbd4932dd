import { useGetList } from 'react-admin';
import { TICKET_TYPE } from '../../domain/statuses';
import { sessionAllows } from '../../providers/authProvider';

/** Support tickets waiting for an answer: the menu badge's count, and the home page's figure of it. */
export const WAITING_TICKETS_FILTER = { type: TICKET_TYPE.support, status: 'created' } as const;

/**
 * How many support tickets wait for an answer; one query for the menu badge and the home page (react-query
 * shares it), kept live as every ticket event refetches the tickets' queries (LiveEvents).
 */
export function useWaitingTicketsCount(): number | undefined {
  const { total } = useGetList(
    'tickets',
    {
      filter: WAITING_TICKETS_FILTER,
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'updatedAt', order: 'DESC' },
    },
    // A contributor's tickets are their bug reports only: support's queue is not theirs to count.
    { enabled: sessionAllows('tickets', 'list') && sessionAllows('notes-bo', 'list') },
  );
  return total;
}
