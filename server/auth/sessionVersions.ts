import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { ACCESS_ENDS_AT_SQL, hasEnded } from './accessEnd.ts';

export interface UserStanding {
  version: number;
  enabled: boolean;
  /** When the user's structure's access ends after it unsubscribed (migration 0007); null while it goes on. */
  accessEndsAt: Date | null;
}

/**
 * The current session version of each user, against which every access token's `sv` claim is checked.
 * The database moves a version (migration 0003) and NOTIFYs `session_versions` with the user's id; what is
 * remembered here is dropped on that notification, so a token of a demoted, disabled or deleted user fails
 * on its next call without a query per request. Until the listener is up, and after it lost notifications,
 * nothing is remembered: every check reads the database. A structure's access end is remembered with the
 * standing and compared with the clock at each check: it comes without any write, hence without notice; a
 * plan chosen or left notifies `company:<id>`, and everything is dropped (a rare event).
 */
export class SessionVersions {
  private readonly known = new Map<number, Promise<UserStanding | undefined>>();
  private live = false;
  private stop?: () => Promise<void>;
  private readonly syncs = new Map<string, () => void>();
  /**
   * This process's own channel for `settle`'s markers: on `session_versions` every process would hear every
   * other's marker, a cost growing with the number of processes on each write. PostgreSQL delivers a
   * listening connection's notifications in commit order whatever their channel, so a marker on this one
   * still arrives after the versions moved before it.
   */
  private readonly syncChannel = `session_versions_sync_${randomBytes(8).toString('hex')}`;
  private stopSync?: () => Promise<void>;
  private readonly watchers = new Set<(userId: number | undefined) => void>();
  private nextSync = 0;

  constructor(
    private readonly db: Database,
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
    this.stopSync = await this.db.listen(this.syncChannel, (payload) => this.syncs.get(payload)?.());
    this.live = true;
  }

  async close(): Promise<void> {
    this.live = false;
    await this.stopSync?.();
    await this.stop?.();
  }

  /**
   * Waits until every version moved by writes committed so far has been heard of. With PGlite the
   * notification is delivered with the statement; a PostgreSQL server delivers it on the listening
   * connection a moment later, in commit order: a marker notified now arrives after all of them. Called
   * after each write request, so the writer's next call already finds the tokens it ended refused.
   */
  async settle(): Promise<void> {
    if (this.db.kind !== 'postgresql' || !this.live) return;
    const marker = `sync:${process.pid}:${this.nextSync++}`;
    const heard = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      this.syncs.set(marker, () => { clearTimeout(timer); resolve(); });
    });
    try {
      await this.db.query('SELECT pg_notify($1, $2)', [this.syncChannel, marker]);
      await heard;
    } finally {
      this.syncs.delete(marker);
    }
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

  /** Whether a token issued at `version` still stands for the user, and their structure's access goes on. */
  async stands(userId: number, version: number, nowMs = Date.now()): Promise<boolean> {
    const standing = await this.standing(userId);
    return Boolean(standing && standing.enabled && standing.version === version && !hasEnded(standing.accessEndsAt, nowMs));
  }

  /** The user's standing now, or undefined for a user that no longer exists. */
  standing(userId: number): Promise<UserStanding | undefined> {
    const remembered = this.known.get(userId);
    if (remembered) return remembered;
    const reading = this.db
      .query<{ session_version: number; enabled: boolean; access_ends_at: Date | null }>(
        `SELECT session_version, enabled, ${ACCESS_ENDS_AT_SQL} AS access_ends_at FROM users WHERE id = $1`,
        [userId],
      )
      .then(([row]) => (row ? { version: Number(row.session_version), enabled: row.enabled, accessEndsAt: row.access_ends_at } : undefined));
    if (this.live) {
      if (this.known.size >= this.capacity) this.forgetAll();
      this.known.set(userId, reading);
      // A failed read is not remembered: the next call tries again.
      reading.catch(() => this.known.delete(userId));
    }
    return reading;
  }
}
