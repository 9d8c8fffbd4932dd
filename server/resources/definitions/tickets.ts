import { tickets } from '../../../src/domain/contracts/tickets.ts';
import { declareResource } from '../declare.ts';

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
          'author', CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id, 'name', a.first_name || ' ' || a.last_name) END,
          'body', m.body, 'createdAt', m.created_at, 'status', m.status) ORDER BY m.created_at, m.id), '[]'::json)
        FROM ticket_messages m LEFT JOIN users a ON a.id = m.author_id WHERE m.ticket_id = t.id)`,
    },
  },
});
