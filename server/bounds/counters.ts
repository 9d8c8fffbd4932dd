import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/** At most `max` hits of `key` in any `windowSeconds`. */
export interface Bound {
  key: string;
  max: number;
  windowSeconds: number;
}

/** What one bound said of a hit. */
export interface BoundState {
  key: string;
  /** The hit was counted: the bound was not reached. */
  granted: boolean;
  /** Hits inside the window now, this one included when granted. */
  hits: number;
  /** Seconds until a hit is allowed again (refused), or until the oldest hit leaves the window (granted). */
  seconds: number;
}

/**
 * Counts one hit against a bound, in one statement: the row is locked by its upsert, so hits sent in
 * parallel to any server process cannot share a slot. A bound already reached counts nothing.
 */
const TAKE = `
  INSERT INTO rate_buckets AS b (key, hits, capacity, span, granted, expires_at)
  VALUES ($1, CASE WHEN $2::int > 0 THEN ARRAY[now()] ELSE '{}' END, $2::int, make_interval(secs => $3::float8), $2::int > 0,
          now() + make_interval(secs => $3::float8))
  ON CONFLICT (key) DO UPDATE SET
    granted = cardinality(rate_hits_within(b.hits, excluded.span)) < excluded.capacity,
    hits = CASE WHEN cardinality(rate_hits_within(b.hits, excluded.span)) < excluded.capacity
                THEN rate_hits_within(b.hits, excluded.span) || now()
                ELSE rate_hits_within(b.hits, excluded.span) END,
    capacity = excluded.capacity,
    span = excluded.span,
    expires_at = excluded.expires_at
  RETURNING granted, cardinality(hits) AS hits,
    extract(epoch FROM CASE WHEN granted THEN hits[1] + span
                            ELSE hits[cardinality(hits) - capacity + 1] + span END - now())::float8 AS seconds`;

/** Keys are chosen by callers, some from what a client sent (a login): a long one is kept as its digest. */
const KEY_KEPT_AS_IS = 200;
const storedKey = (key: string) =>
  key.length <= KEY_KEPT_AS_IS ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;

/**
 * The bounds of docs/SECURITY.md, shared by every server process: sliding windows kept in PostgreSQL
 * (migration 0009). No state in memory: any number of instances over one database count as one.
 */
export class Counters {
  constructor(private readonly db: Queryable) {}

  /**
   * Counts one hit against all of `bounds`, or against none. They are taken in the order given and the
   * first one reached stops the count before the next is touched (the hits counted before it are given
   * back): put first the bound a client cannot choose the key of (its address), so that what is refused
   * leaves no row behind. Answers 0 when the hit was counted, else the seconds to wait.
   */
  async take(bounds: readonly Bound[]): Promise<number> {
    const counted: string[] = [];
    for (const bound of bounds) {
      const state = await this.count(bound);
      if (!state.granted) {
        if (counted.length > 0) await this.giveBack(counted);
        return Math.max(1, Math.ceil(state.seconds));
      }
      counted.push(bound.key);
    }
    return 0;
  }

  /** Counts one hit against a bound and says what it answered. */
  async count(bound: Bound): Promise<BoundState> {
    const [row] = await this.db.query<{ granted: boolean; hits: number; seconds: number | null }>(TAKE, [
      storedKey(bound.key),
      bound.max,
      bound.windowSeconds,
    ]);
    // A bound of 0 has no hit to wait for: the whole window.
    return {
      key: bound.key,
      granted: row.granted,
      hits: Number(row.hits),
      seconds: Number(row.seconds ?? bound.windowSeconds),
    };
  }

  /** Takes back the latest hit of each key: a try that turned out not to count (a good password). */
  async giveBack(keys: readonly string[]): Promise<void> {
    await this.db.query(
      'UPDATE rate_buckets SET hits = hits[1:cardinality(hits) - 1] WHERE key = ANY($1::text[]) AND cardinality(hits) > 0',
      [keys.map(storedKey)],
    );
  }

  /** Forgets every hit of these keys (a login's failures, once it succeeded). */
  async forget(keys: readonly string[]): Promise<void> {
    await this.db.query('DELETE FROM rate_buckets WHERE key = ANY($1::text[])', [keys.map(storedKey)]);
  }

  /** Drops the rows whose hits have all left their window; answers how many. */
  async sweep(): Promise<number> {
    const rows = await this.db.query('DELETE FROM rate_buckets WHERE expires_at < now() RETURNING 1');
    return rows.length;
  }
}
