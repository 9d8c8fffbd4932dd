import type { Queryable } from '../db/database.ts';

/**
 * A connection attempt, kept in `user_connections` (the account's sign-in history); a successful one is also
 * the user's last connection. Every path that opens a full session by proving who the user is (a password,
 * a code followed by a new password) records one.
 */
export async function recordConnection(
  q: Queryable,
  attempt: { userId: number | null; ip: string; userAgent: string | undefined; success: boolean },
): Promise<void> {
  await q.query(
    `WITH attempt AS (
       INSERT INTO user_connections (user_id, ip, user_agent, success) VALUES ($1, $2, $3, $4))
     UPDATE users SET last_connection_at = now() WHERE id = $1 AND $4`,
    [attempt.userId, attempt.ip, attempt.userAgent ?? null, attempt.success],
  );
}
