import type { Queryable } from '../db/database.ts';
import type { DatedKind } from '../../src/domain/retention.ts';

/** How often the job looks for what is due: hourly, as a day's retention needs no finer. */
export const RETENTION_EVERY_SECONDS = 3600;

/** Rows expired a statement: short transactions, so the tables' writers never wait long behind the job. */
const BATCH = 5_000;

/** The rows of each kind past their retention, oldest first, at most `BATCH` of them (`$1`: days, `$2`: batch). */
const OLDEST = (table: string, dated: string) => `
  WITH gone AS (
    DELETE FROM ${table} WHERE id IN (
      SELECT id FROM ${table} WHERE ${dated} < now() - make_interval(days => $1) ORDER BY ${dated}, id LIMIT $2)
    RETURNING 1)
  SELECT count(*)::integer AS expired FROM gone`;

const EXPIRE: Readonly<Record<DatedKind, string>> = {
  connections: OLDEST('user_connections', 'connected_at'),
  errorCalls: OLDEST('error_calls', 'created_at'),
  sentMails: OLDEST('ticket_notifications', 'created_at'),
  // A user's mentions are theirs alone under row-level security: the database expires them, by age only.
  mentions: 'SELECT expire_mention_notifications($1, $2) AS expired',
  // The server's role may not delete audit entries: the database does it, never below its floor.
  audit: 'SELECT expire_audit_entries($1, $2) AS expired',
};

/**
 * Expires what each kind keeps past its retention (src/domain/retention.ts), batch by batch; answers how
 * many rows of each kind went. Run by the scheduler, once across the processes.
 */
export async function expireRetained(
  db: Queryable,
  days: Record<DatedKind, number>,
): Promise<Record<DatedKind, number>> {
  const expired = {} as Record<DatedKind, number>;
  for (const kind of Object.keys(EXPIRE) as DatedKind[]) {
    expired[kind] = 0;
    for (;;) {
      const count = await expireBatch(db, kind, days[kind]);
      expired[kind] += count;
      if (count < BATCH) break;
    }
  }
  return expired;
}

async function expireBatch(db: Queryable, kind: DatedKind, days: number): Promise<number> {
  const [row] = await db.query<{ expired: number }>(EXPIRE[kind], [days, BATCH]);
  return Number(row.expired);
}
