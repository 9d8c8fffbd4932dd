import { rightsOf } from '../rights';
import { defineContract } from './types';

export const notesBo = defineContract({
  name: 'notes-bo',
  type: 'Note',
  description: "Support staff's internal note on exactly one user, ticket or course.",
  fields: {
    content: { kind: 'text', required: true },
    author: { kind: 'relation', target: 'users', embedded: true, readOnly: true, defaultsToSessionUser: true },
    pinned: { kind: 'boolean' },
    user: { kind: 'relation', target: 'users' },
    ticket: { kind: 'relation', target: 'tickets' },
    course: { kind: 'relation', target: 'courses' },
  },
  filters: ['user', 'ticket', 'course'],
  order: ['pinned', 'createdAt'],
  defaultOrder: [['createdAt', 'desc']],
  rights: rightsOf('notes-bo'),
});
