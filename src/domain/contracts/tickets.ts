import { TICKET_PRIORITIES } from '../helpdesk';
import { rightsOf } from '../rights';
import { defineContract } from './types';

/** Ticket types are numbers on the wire: 1 bug, 2 support. */
export const TICKET_TYPES = [1, 2] as const;
export const TICKET_TYPE = { bug: 1, support: 2 } as const satisfies Record<string, (typeof TICKET_TYPES)[number]>;
export const TICKET_STATUSES = ['created', 'treated', 'canceled', 'closed'] as const;

export const tickets = defineContract({
  name: 'tickets',
  type: 'Ticket',
  description: 'A bug report or a support request, with its thread of messages.',
  fields: {
    type: { kind: 'enum', values: TICKET_TYPES, choiceGroup: 'ticketType', required: true },
    subject: { kind: 'string', maxLength: 255, required: true },
    // Support staff set it (here or with add-message); an author's own bug ticket keeps the status they get.
    status: { kind: 'enum', values: TICKET_STATUSES, choiceGroup: 'ticketStatus' },
    parent: { kind: 'polymorphic', targets: ['users', 'courses'] },
    author: { kind: 'relation', target: 'users', embedded: true, readOnly: true, defaultsToSessionUser: true },
    // "À relancer le": support staff's own follow-up date, not the reporter's to set.
    followUpAt: { kind: 'datetime' },
    messages: { kind: 'embedded', shape: 'list', readOnly: true },
    // Who handles it: a staff member of its structure, or platform staff (support staff set it).
    assignee: { kind: 'relation', target: 'users', embedded: true },
    // Whether it has an assignee, even one the session may not read (platform staff, from inside a structure).
    assigned: { kind: 'boolean', readOnly: true },
    priority: { kind: 'enum', values: TICKET_PRIORITIES, choiceGroup: 'ticketPriority' },
    // The response targets, computed by the database when the ticket opens or its priority changes
    // (src/domain/helpdesk.ts); `dueAt` is the one that runs now, null once it waits for nobody.
    firstRepliedAt: { kind: 'datetime', readOnly: true },
    firstReplyDueAt: { kind: 'datetime', readOnly: true },
    resolutionDueAt: { kind: 'datetime', readOnly: true },
    dueAt: { kind: 'datetime', readOnly: true },
  },
  filters: ['type', 'status', 'followUpAt', 'assignee', 'assigned', 'priority', 'dueAt'],
  search: true,
  order: ['subject', 'status', 'followUpAt', 'dueAt', 'createdAt', 'updatedAt'],
  defaultOrder: [['updatedAt', 'desc']],
  rights: rightsOf('tickets'),
});
