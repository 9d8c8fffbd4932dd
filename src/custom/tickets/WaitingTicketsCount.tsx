import { Chip } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { TICKET_TYPE } from '../../domain/statuses';
import { sessionAllows } from '../../providers/authProvider';

/**
 * The number of support tickets waiting for an answer (type support, status `created`), beside the
 * tickets' menu entry. Kept live: every ticket event refetches the tickets' queries (LiveEvents).
 */
export function WaitingTicketsCount() {
  const translate = useTranslate();
  const { total } = useGetList(
    'tickets',
    {
      filter: { type: TICKET_TYPE.support, status: 'created' },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'updatedAt', order: 'DESC' },
    },
    // A contributor's tickets are their bug reports only: support's queue is not theirs to count.
    { enabled: sessionAllows('tickets', 'list') && sessionAllows('notes-bo', 'list') },
  );
  if (!total) return null;
  const label = translate('app.tickets.waiting_count', { smart_count: total });
  return (
    <Chip
      component="span"
      size="small"
      label={total}
      title={label}
      aria-label={label}
      data-testid="waiting-tickets"
      sx={{ ml: 1, height: 20, bgcolor: '#b3560a', color: '#fff', fontWeight: 600 }}
    />
  );
}
