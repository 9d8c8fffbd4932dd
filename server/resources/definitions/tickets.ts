import { tickets } from '../../../src/domain/contracts/tickets.ts';
import { hasRole } from '../../../src/domain/roles.ts';
import { rightsOf } from '../../../src/domain/rights.ts';
import { isPlatformStaff } from '../../../src/domain/tenancy.ts';
import { unprocessable, violation } from '../../http/errors.ts';
import { declareResource } from '../declare.ts';
import { summarySql } from '../serialize.ts';
import type { BeforeWrite } from '../types.ts';

/**
 * A ticket's assignee handles its structure's tickets: a user whose role may write tickets (the rights
 * table), of the ticket's structure, or platform staff.
 */
async function checkAssignee({ tx, mode, id, columns, session }: BeforeWrite): Promise<void> {
  const assignee = columns.get('assignee_id')?.value;
  if (typeof assignee !== 'number') return;
  const structure =
    mode === 'update'
      ? (await tx.query<{ company_id: number | null }>('SELECT company_id FROM tickets WHERE id = $1', [id]))[0]
          ?.company_id
      : columns.get('company_id')?.value;
  const [user] = await tx.query<{ roles: string[]; company_id: number | null; enabled: boolean }>(
    'SELECT roles, company_id, enabled FROM users WHERE id = $1',
    [assignee],
  );
  // Platform staff's own row is not among a structure's: the session says who they are.
  const roles = user?.roles ?? (assignee === session.userId ? session.roles : []);
  const handles =
    hasRole(roles, rightsOf('tickets').write) &&
    (user?.enabled ?? true) &&
    (isPlatformStaff(roles) || (user !== undefined && user.company_id === (structure ?? null)));
  if (!handles)
    throw unprocessable([
      violation('assignee', 'not_staff', "This user does not handle this ticket's structure's tickets."),
    ]);
}

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
  beforeWrite: checkAssignee,
});
