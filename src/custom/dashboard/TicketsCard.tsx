import { Typography } from '@mui/material';
import { useGetIdentity, useTranslate, type Identifier } from 'react-admin';
import {
  OPEN_TICKET_STATUS,
  TICKET_PRIORITIES,
  TICKET_VIEWS,
  type TicketView,
  type TicketViewCounts,
} from '../../domain/helpdesk';
import { ticketViewFilter } from '../tickets/ticketViewFilter';
import { useTicketViewCounts } from '../tickets/useTicketViewCounts';
import { useWaitingTicketsCount, WAITING_TICKETS_FILTER } from '../tickets/useWaitingTicketsCount';
import { cardStateOf, DashboardCard } from './DashboardCard';
import { FigureLink } from './FigureLink';
import { listLink } from './listLink';

/** The views the home page shows, the late ones first after the user's own. */
const SHOWN_VIEWS: readonly TicketView[] = ['mine', 'overdue', 'unassigned', 'all'];

/** Every figure at zero, the user's own view included: the card's size before its counts arrive. */
const NO_COUNTS = {
  ...Object.fromEntries(TICKET_VIEWS.map((view) => [view, 0])),
  open: Object.fromEntries(TICKET_PRIORITIES.map((priority) => [priority, 0])),
} as TicketViewCounts;

/** The card's figures: the views, then the open tickets by urgency. */
function TicketFigures({
  counts,
  me,
  waiting,
}: {
  counts: TicketViewCounts;
  me: Identifier | undefined;
  waiting: number;
}) {
  const translate = useTranslate();
  return (
    <>
      {/* The menu badge's figure, under the words its tooltip says. */}
      <FigureLink
        to={listLink('tickets', WAITING_TICKETS_FILTER)}
        value={waiting}
        label={translate('app.dashboard.tickets.waiting')}
        alert={waiting > 0}
      />
      <Typography component="h3" variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('app.dashboard.tickets.views')}
      </Typography>
      {SHOWN_VIEWS.filter((view) => view !== 'mine' || me !== undefined).map((view) => (
        <FigureLink
          key={view}
          to={listLink('tickets', ticketViewFilter(view, me))}
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
  );
}

/**
 * Support staff's tickets: the list's built-in views (mine, late, unassigned, all) and the open tickets by
 * urgency, from the one call that counts them (`GET /api/tickets/views`, shared with the list's views menu
 * and kept fresh by the tickets' live events).
 */
export function TicketsCard() {
  const { identity } = useGetIdentity();
  const query = useTicketViewCounts();
  const counts = query.data?.data;
  const waiting = useWaitingTicketsCount() ?? 0;
  const state = cardStateOf(query, counts?.all === 0);
  return (
    <DashboardCard
      title="app.dashboard.tickets.title"
      state={state}
      empty="app.dashboard.tickets.empty"
      testId="card-tickets"
      placeholder={<TicketFigures counts={NO_COUNTS} me={0} waiting={0} />}
    >
      {counts && <TicketFigures counts={counts} me={identity?.id} waiting={waiting} />}
    </DashboardCard>
  );
}
