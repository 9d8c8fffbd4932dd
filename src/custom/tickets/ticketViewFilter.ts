import type { Identifier } from 'react-admin';
import type { TicketView } from '../../domain/helpdesk';

/** The ticket list's filters of each built-in view, as the list and the home page's links apply them. */
export function ticketViewFilter(view: TicketView, me: Identifier | undefined): Record<string, unknown> {
  switch (view) {
    case 'mine':
      return me === undefined ? {} : { assignee: me };
    case 'unassigned':
      return { assigned: false };
    case 'overdue':
      // Late now: the running target is past (the server computed it; the count uses its own clock).
      return { dueAt: { strictly_before: new Date().toISOString() } };
    default:
      return {};
  }
}
