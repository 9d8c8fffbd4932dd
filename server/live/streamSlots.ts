import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';

/**
 * Live event streams one user may hold open at once, over every server process (LIVE_STREAMS_PER_USER): a
 * tab keeps one, so this leaves room for many tabs and browsers, while one account cannot hold hundreds of
 * connections and their memory.
 */
export const DEFAULT_LIVE_STREAMS_PER_USER = 10;

/** How often a process says that its open streams are still open. */
export const STREAM_SLOT_RENEW_SECONDS = 30;

/** A stream not renewed for this long (its process died) no longer counts. */
export const STREAM_SLOT_STALE_SECONDS = 3 * STREAM_SLOT_RENEW_SECONDS;

/**
 * The open streams of each user, counted in PostgreSQL (table `live_streams`, migration 0038) so that the
 * bound is one for all processes: a stream takes a slot before it opens, under a transaction lock on its
 * user, and gives it back when it ends.
 */
export class StreamSlots {
  constructor(
    private readonly db: Database,
    readonly perUser: number,
  ) {}

  /** A slot for a new stream of `userId`, or undefined when the user already holds every one. */
  async take(userId: number): Promise<string | undefined> {
    const id = randomUUID();
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('live streams'), $1::int)`, [userId]);
      // The stale rows are left out of the count (the statement's snapshot still holds them) and deleted.
      const [taken] = await tx.query<{ id: string }>(
        `WITH stale AS (
           DELETE FROM live_streams WHERE user_id = $2 AND seen_at < now() - make_interval(secs => $3::int)
         )
         INSERT INTO live_streams (id, user_id)
         SELECT $1::uuid, $2
          WHERE (SELECT count(*) FROM live_streams
                  WHERE user_id = $2 AND seen_at >= now() - make_interval(secs => $3::int)) < $4::int
         RETURNING id`,
        [id, userId, STREAM_SLOT_STALE_SECONDS, this.perUser],
      );
      return taken?.id;
    });
  }

  /** Says that these streams are still open. */
  async renew(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query('UPDATE live_streams SET seen_at = now() WHERE id = ANY($1::uuid[])', [ids]);
  }

  async release(id: string): Promise<void> {
    await this.db.query('DELETE FROM live_streams WHERE id = $1::uuid', [id]);
  }
}
