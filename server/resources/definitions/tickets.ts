import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const tickets: ResourceDeclaration = {
  name: 'tickets',
  type: 'Ticket',
  table: 'tickets',
  fields: {
    type: { type: { kind: 'enum', values: [1, 2] }, required: true },
    subject: { type: { kind: 'string', maxLength: 255 }, required: true },
    // Support staff set it and followUpAt (the rights table's `fields`); also through add-message.
    status: { type: { kind: 'enum', values: ['created', 'treated', 'canceled', 'closed'] } },
    parent: {
      type: {
        kind: 'polymorphic',
        targets: {
          users: { column: 'parent_user_id', table: 'users', nameSql: `p.first_name || ' ' || p.last_name` },
          courses: { column: 'parent_course_id', table: 'courses', nameSql: 'p.title' },
        },
      },
    },
    author: { type: { kind: 'relation', resource: 'users', embedded: true }, readOnly: true, defaultsToSessionUser: true },
    // "À relancer le": support staff's own follow-up date, not the reporter's to set.
    followUpAt: { type: { kind: 'datetime' } },
    messages: {
      type: {
        kind: 'computed',
        sql: `(SELECT coalesce(json_agg(json_build_object(
            'id', m.id,
            'author', CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id, 'name', a.first_name || ' ' || a.last_name) END,
            'body', m.body, 'createdAt', m.created_at, 'status', m.status) ORDER BY m.created_at, m.id), '[]'::json)
          FROM ticket_messages m LEFT JOIN users a ON a.id = m.author_id WHERE m.ticket_id = t.id)`,
      },
      readOnly: true,
    },
  },
  filters: ['type', 'status', 'followUpAt', 'q'],
  order: ['subject', 'status', 'followUpAt', 'createdAt', 'updatedAt'],
  defaultOrder: [['updatedAt', 'desc']],
  access: rightsOf('tickets'),
  // Own rows are one's own bug tickets; one files bugs only.
};
