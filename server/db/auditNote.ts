import type { Queryable } from './database.ts';

/**
 * Gives the transaction its audit log entry when its write changes no audited row (a session ended, a code
 * mailed, a structure's plan): the entry names the record `id` of `resource`, of structure `company`, under
 * the scope's action (runAsAction). The triggers make the entry of every other write.
 */
export async function noteInAuditLog(
  q: Queryable,
  resource: string,
  id: number,
  company: number | null,
): Promise<void> {
  await q.query('SELECT audit_note($1, $2::integer, $3::integer)', [resource, id, company]);
}
