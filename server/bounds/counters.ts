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
 * Counts one hit against every bound, in one statement: each row is locked by its upsert, so hits sent in
 * parallel to any server process cannot share a slot. Rows are taken in key order: two calls naming the same
 * keys never wait on each other in a cycle. A bound already reached counts nothing.
 */
const TAKE = `
  INSERT INTO rate_buckets AS b (key, hits, capacity, span, granted, expires_at)
  SELECT w.key, CASE WHEN w.capacity > 0 THEN ARRAY[now()] ELSE '{}' END, w.capacity, w.span, w.capacity > 0, now() + w.span
    FROM (SELECT key, capacity, make_interval(secs => seconds) AS span
            FROM unnest($1::text[], $2::int4[], $3::float8[]) AS given(key, capacity, seconds)) AS w
   ORDER BY w.key
  ON CONFLICT (key) DO UPDATE SET
    granted = cardinality(rate_hits_within(b.hits, excluded.span)) < excluded.capacity,
    hits = CASE WHEN cardinality(rate_hits_within(b.hits, excluded.span)) < excluded.capacity
                THEN rate_hits_within(b.hits, excluded.span) || now()
                ELSE rate_hits_within(b.hits, excluded.span) END,
    capacity = excluded.capacity,
    span = excluded.span,
    expires_at = excluded.expires_at
  RETURNING key, granted, cardinality(hits) AS hits,
    extract(epoch FROM CASE WHEN granted THEN hits[1] + span
                            ELSE hits[cardinality(hits) - capacity + 1] + span END - now())::float8 AS seconds`;

/**
 * The bounds of docs/SECURITY.md, shared by every server process: sliding windows kept in PostgreSQL
 * (migration 0008). No state in memory: any number of instances over one database count as one.
 */
export class Counters {
  constructor(private readonly db: Queryable) {}

  /**
   * Counts one hit against all of `bounds`, or against none: when one is reached, the hits the others
   * counted are given back. Answers 0 when the hit was counted, else the seconds to wait.
   */
  async take(bounds: readonly Bound[]): Promise<number> {
    const states = await this.count(bounds);
    const refused = states.filter((state) => !state.granted);
    if (refused.length === 0) return 0;
    const counted = states.filter((state) => state.granted).map((state) => state.key);
    if (counted.length > 0) await this.giveBack(counted);
    return Math.max(...refused.map((state) => Math.max(1, Math.ceil(state.seconds))));
  }

  /** Counts one hit against each bound and says what each answered (a bound refuses alone). */
  async count(bounds: readonly Bound[]): Promise<BoundState[]> {
    if (bounds.length === 0) return [];
    const rows = await this.db.query<{ key: string; granted: boolean; hits: number; seconds: number | null }>(TAKE, [
      bounds.map((bound) => bound.key),
      bounds.map((bound) => bound.max),
      bounds.map((bound) => bound.windowSeconds),
    ]);
    const windows = new Map(bounds.map((bound) => [bound.key, bound.windowSeconds]));
    // A bound of 0 has no hit to wait for: the whole window.
    return rows.map((row) => ({ key: row.key, granted: row.granted, hits: Number(row.hits), seconds: Number(row.seconds ?? windows.get(row.key)) }));
  }

  /** Takes back the latest hit of each key: a try that turned out not to count (a good password). */
  async giveBack(keys: readonly string[]): Promise<void> {
    await this.db.query('UPDATE rate_buckets SET hits = hits[1:cardinality(hits) - 1] WHERE key = ANY($1::text[]) AND cardinality(hits) > 0', [keys]);
  }

  /** Forgets every hit of these keys (a login's failures, once it succeeded). */
  async forget(keys: readonly string[]): Promise<void> {
    await this.db.query('DELETE FROM rate_buckets WHERE key = ANY($1::text[])', [keys]);
  }

  /** Drops the rows whose hits have all left their window; answers how many. */
  async sweep(): Promise<number> {
    const rows = await this.db.query('DELETE FROM rate_buckets WHERE expires_at < now() RETURNING 1');
    return rows.length;
  }
}
