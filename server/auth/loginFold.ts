import type { Queryable, Row } from '../db/database.ts';

/**
 * A login folded by `login_fold` (migration 0010), in SQL: the only fold of a login. The account lookup and
 * the throttles' keys must agree on it, so both come from the same query (`lookUpLogin`).
 */
export const foldedLogin = (sqlValue: string) => `login_fold(${sqlValue})`;

/**
 * The user whose e-mail folds as `login` does (`condition`: more SQL on `users`), and the fold itself, the
 * key every per-login bound counts under.
 */
export async function lookUpLogin<T extends Row>(
  db: Queryable,
  columns: string,
  login: string,
  condition = 'true',
  params: unknown[] = [],
): Promise<{ key: string; user: T | undefined }> {
  const [row] = await db.query<T & { login_key: string; found: boolean }>(
    `SELECT given.login_key, users.id IS NOT NULL AS found, ${columns}
       FROM (SELECT ${foldedLogin('$1::text')} AS login_key) AS given
       LEFT JOIN users ON ${foldedLogin('users.email')} = given.login_key AND (${condition})`,
    [login, ...params],
  );
  const { login_key: key, found, ...user } = row;
  return { key, user: found ? (user as unknown as T) : undefined };
}
