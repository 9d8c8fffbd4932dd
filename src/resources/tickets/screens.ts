import { createElement } from 'react';
import { screensOf } from '../../custom/crud/screensOf';
import { tickets } from '../../domain/contracts';
import { FollowUpDueFilter } from '../../custom/tickets/FollowUpDueFilter';
import { TicketsEmpty } from '../../custom/tickets/TicketsEmpty';
import { TicketDueColumn } from '../../custom/tickets/TicketDueBadge';
import { TicketViews } from '../../custom/tickets/TicketViews';

/** The standard screens of tickets: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(tickets, {
  fields: [
    { source: 'subject', column: true },
    { source: 'type', column: true, filter: 'alwaysOn' },
    { source: 'status', column: true, filter: 'alwaysOn' },
    { source: 'parent', column: true },
    { source: 'author', column: true },
    { source: 'priority', column: true, filter: true },
    { source: 'assignee', column: true, filter: true },
    // The running response target, as a live badge ("Réponse due dans 2 h", "En retard de 35 min").
    { source: 'dueAt', column: true, render: TicketDueColumn },
    { source: 'followUpAt', column: true },
    { source: 'createdAt' },
    { source: 'updatedAt', column: true },
  ],
  // Its built-in views with their counts, the keyboard's help and the list's shortcuts.
  listHeader: TicketViews,
  extraFilters: [
    createElement(FollowUpDueFilter, {
      key: 'followUpDue',
      source: 'followUpAt.before',
      label: 'app.tickets.follow_up_due',
      alwaysOn: true,
    }),
  ],
  listEmpty: TicketsEmpty,
  // On a phone: the subject, what it is about and who wrote it, its status and the running target.
  phoneLine: { facts: ['parent', 'author'], status: ['status', 'dueAt'] },
});
