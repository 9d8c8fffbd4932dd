import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import { OPEN_TICKET_STATUS, TICKET_PRIORITIES, type TicketView } from '../../domain/helpdesk';
import type { AppDataProvider } from '../../providers/dataProvider';
import { cardStateOf, DashboardCard } from './DashboardCard';
import { FigureLink } from './FigureLink';
import { listLink } from './listLink';

/** The views the home page shows, each with the list's own filter (src/custom/tickets/TicketViews.tsx). */
const SHOWN_VIEWS: readonly TicketView[] = ['mine', 'overdue', 'unassigned', 'all'];

function viewFilter(view: TicketView, me: unknown): Record<string, unknown> {
  if (view === 'mine') return { assignee: me };
  if (view === 'unassigned') return { assigned: false };
  // Late now: the link names the instant it was drawn, as the list's own "En retard" does.
  if (view === 'overdue') return { dueAt: { strictly_before: new Date().toISOString() } };
  return {};
}

/**
 * Support staff's tickets: the list's built-in views (mine, late, unassigned, all) and the open tickets by
 * urgency, from the one call that counts them (`GET /api/tickets/views`, shared with the list's views menu
 * and kept fresh by the tickets' live events).
 */
export function TicketsCard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { identity } = useGetIdentity();
  const query = useQuery({ queryKey: ['tickets', 'views'], queryFn: () => dataProvider.getTicketViewCounts() });
  const counts = query.data?.data;
  const state = cardStateOf(query, counts?.all === 0);
  return (
    <DashboardCard
      title="app.dashboard.tickets.title"
      state={state}
      empty="app.dashboard.tickets.empty"
      testId="card-tickets"
    >
      {counts && (
        <>
          <Typography component="h3" variant="subtitle2" color="text.secondary">
            {translate('app.dashboard.tickets.views')}
          </Typography>
          {SHOWN_VIEWS.filter((view) => view !== 'mine' || identity?.id !== undefined).map((view) => (
            <FigureLink
              key={view}
              to={listLink('tickets', viewFilter(view, identity?.id))}
              value={counts[view]}
              label={translate(`app.tickets.views.${view}`)}
              alert={view === 'overdue'}
            />
          ))}
          <Typography component="h3" variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.dashboard.tickets.urgency')}
          </Typography>
          {[...TICKET_PRIORITIES].reverse().map((priority) => (
            <FigureLink
              key={priority}
              to={listLink('tickets', { status: OPEN_TICKET_STATUS, priority })}
              value={counts.open[priority]}
              label={translate(`choices.ticketPriority.${priority}`)}
            />
          ))}
        </>
      )}
    </DashboardCard>
  );
}
