import { createElement } from 'react';
import type { ScreensConfig } from '../../custom/crud/fieldSpec';
import { FollowUpDueFilter } from '../../custom/tickets/FollowUpDueFilter';

/** The standard screens of tickets: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'subject', kind: 'text', required: true, maxLength: 255, column: true, sortable: true },
    { source: 'type', kind: 'enum', choices: [1, 2], choiceGroup: 'ticketType', required: true, column: true, filter: 'alwaysOn' },
    { source: 'status', kind: 'enum', choices: ['created', 'treated', 'canceled', 'closed'], choiceGroup: 'ticketStatus', column: true, sortable: true, filter: 'alwaysOn' },
    { source: 'parent', kind: 'summary', column: true, readOnly: true },
    { source: 'author', kind: 'summary', reference: 'users', column: true, readOnly: true },
    { source: 'followUpAt', kind: 'date', column: true, sortable: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
    { source: 'updatedAt', kind: 'date', column: true, sortable: true, readOnly: true },
  ],
  search: true,
  extraFilters: [createElement(FollowUpDueFilter, { key: 'followUpDue', source: 'followUpAt.before', label: 'app.tickets.follow_up_due', alwaysOn: true })],
  create: true,
  edit: true,
  delete: true,
};
