import { createElement } from 'react';
import { screensOf } from '../../custom/crud/screensOf';
import { tickets } from '../../domain/contracts';
import { FollowUpDueFilter } from '../../custom/tickets/FollowUpDueFilter';
import { TicketsEmpty } from '../../custom/tickets/TicketsEmpty';

/** The standard screens of tickets: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(tickets, {
  fields: [
    { source: 'subject', column: true },
    { source: 'type', choiceGroup: 'ticketType', column: true, filter: 'alwaysOn' },
    { source: 'status', choiceGroup: 'ticketStatus', column: true, filter: 'alwaysOn' },
    { source: 'parent', column: true },
    { source: 'author', column: true },
    { source: 'followUpAt', column: true },
    { source: 'createdAt' },
    { source: 'updatedAt', column: true },
  ],
  extraFilters: [
    createElement(FollowUpDueFilter, {
      key: 'followUpDue',
      source: 'followUpAt.before',
      label: 'app.tickets.follow_up_due',
      alwaysOn: true,
    }),
  ],
  listEmpty: TicketsEmpty,
});
