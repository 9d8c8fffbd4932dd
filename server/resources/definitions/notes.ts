import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const notes: ResourceDeclaration = {
  name: 'notes-bo',
  type: 'Note',
  table: 'notes',
  fields: {
    content: { type: { kind: 'text' }, required: true },
    author: { type: { kind: 'relation', resource: 'users', embedded: true }, readOnly: true, defaultsToSessionUser: true },
    pinned: { type: { kind: 'boolean' } },
    user: { type: { kind: 'relation', resource: 'users' } },
    ticket: { type: { kind: 'relation', resource: 'tickets' } },
    course: { type: { kind: 'relation', resource: 'courses' } },
  },
  filters: ['user', 'ticket', 'course'],
  order: ['pinned', 'createdAt'],
  defaultOrder: [['createdAt', 'desc']],
  access: rightsOf('notes-bo'),
  constraints: {
    notes_one_target: { field: 'user', message: 'A note targets exactly one user, ticket or course.' },
  },
};
