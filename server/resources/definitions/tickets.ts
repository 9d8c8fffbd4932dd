import { tickets } from '../../../src/domain/contracts/tickets.ts';
import { hasRole } from '../../../src/domain/roles.ts';
import { rightsOf } from '../../../src/domain/rights.ts';
import { isPlatformStaff } from '../../../src/domain/tenancy.ts';
import { unprocessable, violation } from '../../shared/errors.ts';
import { declareResource } from '../declare.ts';
import { summarySql } from '../serialize.ts';
import type { BeforeWrite } from '../types.ts';
import type { Queryable } from '../../db/database.ts';

/**
 * Whether a user handles a structure's tickets: a user whose role may write tickets (the rights table), enabled,
 * of that structure, or platform staff. `session`: who asks (platform staff's own row is not among a structure's).
 */
export async function handlesTickets(
  tx: Queryable,
  userId: number,
  structure: number | null,
  session: { userId: number | null; roles: readonly string[] },
): Promise<boolean> {
  const [user] = await tx.query<{ roles: string[]; company_id: number | null; enabled: boolean }>(
    'SELECT roles, company_id, enabled FROM users WHERE id = $1',
    [userId],
  );
  const roles = user?.roles ?? (userId === session.userId ? session.roles : []);
  return (
    hasRole(roles, rightsOf('tickets').write) &&
    (user?.enabled ?? true) &&
    (isPlatformStaff(roles) || (user !== undefined && user.company_id === structure))
  );
}

/** The structure of the row being written: the row's own on an update, the one given on a create. */
export async function structureOfWrite({ tx, mode, id, columns }: BeforeWrite, table: string) {
  if (mode !== 'update') return (columns.get('company_id')?.value as number | null | undefined) ?? null;
  const [row] = await tx.query<{ company_id: number | null }>(`SELECT company_id FROM ${table} WHERE id = $1`, [id]);
  return row?.company_id ?? null;
}

/** A ticket's assignee handles its structure's tickets. */
async function checkAssignee(write: BeforeWrite): Promise<void> {
  const assignee = write.columns.get('assignee_id')?.value;
  if (typeof assignee !== 'number') return;
  if (!(await handlesTickets(write.tx, assignee, await structureOfWrite(write, 'tickets'), write.session)))
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
