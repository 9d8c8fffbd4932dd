import type { Queryable } from '../db/database.ts';
import { problem, type ApiError } from '../shared/errors.ts';

/**
 * The SQL of a user's access end (migration 0007, `company_access_ends_at`): never for a super admin, who
 * runs the platform whatever becomes of the structure they belong to, nor for a user of no structure.
 */
export const ACCESS_ENDS_AT_SQL = `CASE WHEN 'ROLE_SUPER_ADMIN' = ANY (roles) OR company_id IS NULL THEN NULL
  ELSE company_access_ends_at(company_id) END`;

/** Whether an access end read from the database has come (undefined and null: it has not). */
export const hasEnded = (endsAt: Date | null | undefined, nowMs = Date.now()) =>
  Boolean(endsAt && endsAt.getTime() <= nowMs);

/** When the user's structure's access ended, or undefined while it goes on. */
export async function accessEndedAt(db: Queryable, userId: number): Promise<Date | undefined> {
  const [row] = await db.query<{ ends_at: Date | null }>(
    `SELECT ${ACCESS_ENDS_AT_SQL} AS ends_at FROM users WHERE id = $1`,
    [userId],
  );
  return row && hasEnded(row.ends_at) ? (row.ends_at as Date) : undefined;
}

/**
 * The 403 of a sign-in or a refresh after the structure's access ended: `description` is the stable reason
 * the back-office shows in French on its login page, with the date.
 */
export const accessEnded = (endedAt: Date): ApiError =>
  problem(403, `Your structure's access ended on ${endedAt.toISOString()}: it unsubscribed.`, {
    description: 'access_ended',
    accessEndedAt: endedAt.toISOString(),
  });
