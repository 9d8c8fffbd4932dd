import type { Queryable } from './database.ts';

/**
 * Gives the transaction its audit log entry when its write changes no audited row (a session ended, a code
 * mailed, a structure's plan): the entry names the record `id` of `resource` (a user or a structure), under
 * the scope's action (runAsAction). Its structure is the record's own, and the record must be within the
 * session's scope (migration 0037). The triggers make the entry of every other write.
 */
export async function noteInAuditLog(q: Queryable, resource: 'users' | 'companies', id: number): Promise<void> {
  await q.query('SELECT audit_note($1, $2::integer)', [resource, id]);
}
