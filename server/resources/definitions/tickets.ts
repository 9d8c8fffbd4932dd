import { tickets } from '../../../src/domain/contracts/tickets.ts';
import { declareResource } from '../declare.ts';
import { summarySql } from '../serialize.ts';

export const ticketsDeclaration = declareResource(tickets, {
  table: 'tickets',
  fields: {
    parent: {
      targets: {
        users: { column: 'parent_user_id', table: 'users', nameSql: `p.first_name || ' ' || p.last_name` },
        courses: { column: 'parent_course_id', table: 'courses', nameSql: 'p.title' },
      },
    },
    messages: {
      sql: `(SELECT coalesce(json_agg(json_build_object(
          'id', m.id,
          'author', ${summarySql('users', 'm.author_id', 'json')},
          'body', m.body, 'createdAt', m.created_at, 'status', m.status) ORDER BY m.created_at, m.id), '[]'::json)
        FROM ticket_messages m WHERE m.ticket_id = t.id)`,
    },
  },
});
