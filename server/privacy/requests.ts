import {
  REQUEST_MAX_ATTEMPTS,
  type PersonalDataRequest,
  type PersonalDataRequestKind,
  type PersonalDataRequestStatus,
} from '../../src/domain/personalData.ts';
import type { Database, Queryable } from '../db/database.ts';
import { erasePerson } from './erasePerson.ts';

/** The columns of a request as the API answers it, `r` the request and `b` who asked. */
export const REQUEST_COLUMNS = `r.id, r.user_id, r.kind, r.status, r.requested_at, r.due_at, r.run_after, r.completed_at,
  r.error, r.archive_key IS NOT NULL AS has_archive, r.archive_size, r.archive_expires_at, r.summary,
  b.id AS requester_id, concat_ws(' ', b.first_name, b.last_name) AS requester_name`;

export const REQUEST_FROM = 'personal_data_requests r LEFT JOIN users b ON b.id = r.requested_by_id';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export function requestOf(row: Record<string, unknown>): PersonalDataRequest {
  return {
    id: Number(row.id),
    user: Number(row.user_id),
    kind: row.kind as PersonalDataRequestKind,
    status: row.status as PersonalDataRequestStatus,
    requestedBy: row.requester_id ? { id: Number(row.requester_id), name: String(row.requester_name) } : null,
    requestedAt: iso(row.requested_at as Date)!,
    dueAt: iso(row.due_at as Date)!,
    runAfter: iso(row.run_after as Date)!,
    completedAt: iso(row.completed_at as Date | null),
    error: (row.error as string | null) ?? null,
    archive: row.has_archive
      ? { size: Number(row.archive_size), expiresAt: iso(row.archive_expires_at as Date)! }
      : null,
    summary: (row.summary as PersonalDataRequest['summary']) ?? null,
  };
}

export async function requestById(tx: Queryable, id: number): Promise<PersonalDataRequest | undefined> {
  const [row] = await tx.query(`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.id = $1`, [id]);
  return row ? requestOf(row) : undefined;
}

/** How long a process may work on a request before another takes it to have died. */
export const REQUEST_LEASE_SECONDS = 600;

/** How often the job looks for erasures whose cool-off is over, exports left behind and expired archives. */
export const PERSONAL_DATA_JOB_EVERY_SECONDS = 60;
export const PERSONAL_DATA_JOB = 'personal-data-requests';

/**
 * One pass of the job, on every structure's requests (`platformDb`): each erasure whose cool-off is over, or
 * which a dead process left running, is carried out (erasePerson); an export left running is failed (who
 * asked asks again: its archive is made while they wait); archives past their days leave the store. A
 * request that failed REQUEST_MAX_ATTEMPTS times stops, its error kept for the screen. Answers how many
 * erasures were done.
 */
export async function runPersonalDataRequests(platformDb: Database): Promise<number> {
  await platformDb.query(
    `UPDATE personal_data_requests SET status = 'failed', error = 'Interrompu : demandez un nouvel export.', updated_at = now()
      WHERE kind = 'export' AND status = 'running' AND started_at < now() - make_interval(secs => $1)`,
    [REQUEST_LEASE_SECONDS],
  );
  await expireArchives(platformDb);
  let done = 0;
  for (;;) {
    const [claimed] = await platformDb.query<{
      id: number;
      user_id: number;
      company_id: number;
      requested_by_id: number | null;
      attempts: number;
    }>(
      `UPDATE personal_data_requests r SET status = 'running', started_at = now(), attempts = attempts + 1, updated_at = now()
        WHERE r.id = (SELECT id FROM personal_data_requests
                       WHERE kind = 'erasure' AND run_after <= now()
                         AND (status = 'scheduled' OR (status = 'running' AND started_at < now() - make_interval(secs => $1)))
                       ORDER BY run_after, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING r.id, r.user_id, r.company_id, r.requested_by_id, r.attempts`,
      [REQUEST_LEASE_SECONDS],
    );
    if (!claimed) return done;
    try {
      await erasePerson(platformDb, {
        request: Number(claimed.id),
        person: Number(claimed.user_id),
        structure: Number(claimed.company_id),
        requester: claimed.requested_by_id === null ? null : Number(claimed.requested_by_id),
      });
      done += 1;
    } catch (error) {
      // Tried again at the next pass, until the attempts run out.
      await platformDb.query(
        `UPDATE personal_data_requests
            SET status = CASE WHEN attempts >= $3 THEN 'failed' ELSE 'scheduled' END, error = $2, updated_at = now()
          WHERE id = $1 AND status = 'running'`,
        [claimed.id, String((error as Error).message).slice(0, 500), REQUEST_MAX_ATTEMPTS],
      );
      if (Number(claimed.attempts) < REQUEST_MAX_ATTEMPTS) return done;
    }
  }
}

/** Archives past their days: their key queued for the store's removal job, the request keeping its record. */
async function expireArchives(platformDb: Database): Promise<void> {
  await platformDb.query(
    `WITH expired AS (
       SELECT id, archive_key FROM personal_data_requests
        WHERE archive_key IS NOT NULL AND archive_expires_at < now() FOR UPDATE),
     queued AS (INSERT INTO file_removals (storage_key) SELECT archive_key FROM expired ON CONFLICT DO NOTHING)
     UPDATE personal_data_requests r SET archive_key = NULL, updated_at = now() FROM expired WHERE r.id = expired.id`,
  );
}

export type { PersonalDataRequest };
