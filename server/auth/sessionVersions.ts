import type { Database } from '../db/database.ts';
import { ACCESS_ENDS_AT_SQL, hasEnded } from './accessEnd.ts';

export interface UserStanding {
  version: number;
  enabled: boolean;
  /** When the user's structure's access ends after it unsubscribed (migration 0007); null while it goes on. */
  accessEndsAt: Date | null;
  /** The user's sessions (refresh-token families) revoked recently enough for one of their access tokens to live. */
  endedFamilies: ReadonlySet<string>;
  /** Sessions kept by a password change they made (migration 0012): the oldest version their tokens may carry. */
  carriedFrom: ReadonlyMap<string, number>;
}

/** What an access token (or a stream ticket) claims: its user, the version it was issued at, its session. */
export interface TokenStanding {
  userId: number;
  version: number;
  family: string;
}

/**
 * The current session version of each user, against which every access token's `sv` claim is checked.
 * The database moves a version (migration 0003) and NOTIFYs `session_versions` with the user's id; what is
 * remembered here is dropped on that notification, so a token of a demoted, disabled or deleted user fails
 * on its next call without a query per request. Until the listener is up, and after it lost notifications,
 * nothing is remembered: every check reads the database. A structure's access end is remembered with the
 * standing and compared with the clock at each check: it comes without any write, hence without notice; a
 * plan chosen or left notifies `company:<id>`, and everything is dropped (a rare event). A session ends on its
 * own too: a revoked refresh-token family notifies its user (migration 0012), and the families revoked within
 * an access token's life are kept with the standing; the session that changed the password is carried over
 * the version it moved.
 */
export class SessionVersions {
  private readonly known = new Map<number, Promise<UserStanding | undefined>>();
  private live = false;
  private stop?: () => Promise<void>;
  private readonly watchers = new Set<(userId: number | undefined) => void>();

  constructor(
    private readonly db: Database,
    /** An access token's life: a session revoked or carried longer ago concerns no living token. */
    private readonly accessTtlSeconds: number,
    private readonly capacity = 50_000,
  ) {}

  async start(): Promise<void> {
    this.stop = await this.db.listen(
      'session_versions',
      (payload) => {
        const userId = payload.startsWith('company:') ? undefined : Number(payload);
        if (userId === undefined) this.forgetAll();
        else this.known.delete(userId);
        for (const watcher of this.watchers) watcher(userId);
      },
      () => {
        this.forgetAll();
        for (const watcher of this.watchers) watcher(undefined);
      },
    );
    this.live = true;
  }

  async close(): Promise<void> {
    this.live = false;
    await this.stop?.();
  }

  /**
   * Waits until every version moved by writes committed so far has been heard of (the database's `heard`:
   * with PGlite at once, on a PostgreSQL server one round trip on the listening connection). Called after
   * each write request, so the writer's next call already finds the tokens it ended refused.
   */
  async settle(): Promise<void> {
    if (!this.live) return;
    let timer: NodeJS.Timeout | undefined;
    // A listening connection that stopped answering must not hold the writer's answer: its loss is a gap.
    await Promise.race([this.db.heard(), new Promise<void>((resolve) => (timer = setTimeout(resolve, 1000)))]);
    clearTimeout(timer);
  }

  private forgetAll() {
    this.known.clear();
  }

  /**
   * Calls `watcher` with a user's id when their version may have moved (undefined: anyone's may have), for
   * what outlives a request (an event stream) and must end with the session.
   */
  watch(watcher: (userId: number | undefined) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /**
   * Whether a token still stands: its user is enabled and their structure's access goes on, its session was
   * not revoked, and it was issued at the user's version (or its session carried it over a password change).
   */
  async stands(token: TokenStanding, nowMs = Date.now()): Promise<boolean> {
    const standing = await this.standing(token.userId);
    if (
      !standing ||
      !standing.enabled ||
      hasEnded(standing.accessEndsAt, nowMs) ||
      standing.endedFamilies.has(token.family)
    )
      return false;
    return standing.version === token.version || (standing.carriedFrom.get(token.family) ?? Infinity) <= token.version;
  }

  /** The user's standing now, or undefined for a user that no longer exists. */
  standing(userId: number): Promise<UserStanding | undefined> {
    const remembered = this.known.get(userId);
    if (remembered) return remembered;
    const reading = this.db
      .query<{
        session_version: number;
        enabled: boolean;
        access_ends_at: Date | null;
        ended_families?: string[];
        carried?: Record<string, number>;
      }>(
        `SELECT session_version, enabled, ${ACCESS_ENDS_AT_SQL} AS access_ends_at,
                ARRAY(SELECT DISTINCT r.family FROM refresh_tokens r
                       WHERE r.user_id = users.id AND r.revoked_at > now() - make_interval(secs => $2)) AS ended_families,
                (SELECT json_object_agg(c.family, c.from_version) FROM session_carries c
                  WHERE c.user_id = users.id AND c.to_version = users.session_version
                    AND c.carried_at > now() - make_interval(secs => $2)) AS carried
           FROM users WHERE id = $1`,
        [userId, this.accessTtlSeconds],
      )
      .then(([row]) =>
        row
          ? {
              version: Number(row.session_version),
              enabled: row.enabled,
              accessEndsAt: row.access_ends_at,
              endedFamilies: new Set(row.ended_families ?? []),
              carriedFrom: new Map(Object.entries(row.carried ?? {}).map(([family, from]) => [family, Number(from)])),
            }
          : undefined,
      );
    if (this.live) {
      if (this.known.size >= this.capacity) this.forgetAll();
      this.known.set(userId, reading);
      // A failed read is not remembered: the next call tries again.
      reading.catch(() => this.known.delete(userId));
    }
    return reading;
  }
}
