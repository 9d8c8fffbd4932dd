import type { SessionScope } from '../../src/domain/sessionScopes.ts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { unauthorized } from '../shared/errors.ts';
import { accessEnded, accessEndedAt } from './accessEnd.ts';
import type { TokenService } from './jwt.ts';

export type { SessionScope };

export interface SessionUser {
  id: number;
  email: string;
  roles: string[];
  enabled: boolean;
  company_id: number | null;
  session_version: number;
}

/** The columns of `users` a session is issued from. */
export const SESSION_USER_COLUMNS = 'id, email, roles, enabled, company_id, session_version';

export const FIRST_CONNECT = 'ROLE_FIRST_CONNECT';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function rolesFor(user: SessionUser, scope: SessionScope): string[] {
  return scope === 'full' ? user.roles.filter((role) => role !== FIRST_CONNECT) : [FIRST_CONNECT];
}

/** A user whose roles still hold ROLE_FIRST_CONNECT has not chosen a password: their login is restricted. */
export const needsFirstConnection = (user: SessionUser) => user.roles.includes(FIRST_CONNECT);

export class Sessions {
  constructor(
    private readonly db: Queryable,
    private readonly tokens: TokenService,
    private readonly refreshTtl: number,
  ) {}

  /** An access token and a refresh token for one step of a session (`family` carries across rotations). */
  async issue(user: SessionUser, scope: SessionScope, family: string = randomUUID(), db: Queryable = this.db) {
    const token = await this.tokens.sign({
      role: rolesFor(user, scope),
      company: user.company_id,
      employeeId: user.id,
      username: user.email,
      sid: family,
      scope,
      sv: Number(user.session_version),
    });
    const refreshToken = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO refresh_tokens (user_id, token_hash, family, scope, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [user.id, hashToken(refreshToken), family, scope, this.refreshTtl],
    );
    return { token, refresh_token: refreshToken };
  }

  /**
   * Spends a refresh token and issues the next pair in the same family. A token presented twice means it
   * leaked: the whole family is revoked, so neither the thief nor the owner keeps the session.
   */
  async rotate(refreshToken: string) {
    const hash = hashToken(refreshToken);
    const [spent] = await this.db.query<{ user_id: number; family: string; scope: SessionScope }>(
      `UPDATE refresh_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        RETURNING user_id, family, scope`,
      [hash],
    );
    if (!spent) {
      const [known] = await this.db.query<{ family: string; used_at: Date | null; revoked_at: Date | null }>(
        'SELECT family, used_at, revoked_at FROM refresh_tokens WHERE token_hash = $1',
        [hash],
      );
      if (!known) throw unauthorized('JWT Refresh Token Not Found');
      if (known.used_at || known.revoked_at) {
        await this.revokeFamily(known.family);
        throw unauthorized('Invalid JWT Refresh Token');
      }
      throw unauthorized('Expired JWT Refresh Token');
    }
    const [user] = await this.db.query<SessionUser>(`SELECT ${SESSION_USER_COLUMNS} FROM users WHERE id = $1`, [
      spent.user_id,
    ]);
    if (!user || !user.enabled) {
      await this.revokeFamily(spent.family);
      throw unauthorized('Invalid JWT Refresh Token');
    }
    // After an unsubscribe, the structure's sessions end with its access, whichever step they are at.
    const endedAt = await accessEndedAt(this.db, user.id);
    if (endedAt) {
      await this.revokeFamily(spent.family);
      throw accessEnded(endedAt);
    }
    // A full session whose user was sent back to first connection (by an administrator) narrows again.
    const scope = spent.scope === 'full' && needsFirstConnection(user) ? 'code' : spent.scope;
    return this.issue(user, scope, spent.family);
  }

  /**
   * Opens a second session of the same user, for another tab of their browser: the asking session proves
   * it holds both its access token (`family`, `userId`) and its current refresh token, which stays unspent.
   * A full session only; the new one is a family of its own, so that the tabs never spend each other's
   * refresh tokens (which would read as a leak and end both).
   */
  async fork(userId: number, family: string, refreshToken: string) {
    const [held] = await this.db.query(
      `SELECT 1 FROM refresh_tokens
        WHERE token_hash = $1 AND family = $2 AND user_id = $3 AND scope = 'full'
          AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
      [hashToken(refreshToken), family, userId],
    );
    if (!held) throw unauthorized('Invalid JWT Refresh Token');
    const [user] = await this.db.query<SessionUser>(`SELECT ${SESSION_USER_COLUMNS} FROM users WHERE id = $1`, [
      userId,
    ]);
    if (!user || !user.enabled || needsFirstConnection(user)) throw unauthorized('Invalid JWT Refresh Token');
    const endedAt = await accessEndedAt(this.db, user.id);
    if (endedAt) throw accessEnded(endedAt);
    return this.issue(user, 'full');
  }

  async revokeFamily(family: string, db: Queryable = this.db): Promise<void> {
    await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family = $1 AND revoked_at IS NULL', [family]);
  }

  /** Drops the sessions carried over a password change (migration 0012) that no living access token needs. */
  async forgetExpiredCarries(): Promise<void> {
    await this.db.query('DELETE FROM session_carries WHERE carried_at < now() - make_interval(secs => $1)', [
      this.tokens.ttlSeconds,
    ]);
  }

  /** After a new password, the session's remaining refresh tokens open the full session. */
  async widenFamily(family: string, db: Queryable = this.db): Promise<void> {
    await db.query(
      `UPDATE refresh_tokens SET scope = 'full' WHERE family = $1 AND used_at IS NULL AND revoked_at IS NULL`,
      [family],
    );
  }
}
