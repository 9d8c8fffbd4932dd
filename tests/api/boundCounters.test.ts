import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Counters } from '../../server/bounds/counters.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The counters behind every bound of docs/SECURITY.md (server/bounds/counters.ts): sliding windows in
 * PostgreSQL, counted in one statement. Time passes by ageing the stored hits.
 */
let t: TestApp;
let counters: Counters;

beforeAll(async () => {
  t = await createTestApp();
  counters = new Counters(t.db);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.query('DELETE FROM rate_buckets');
});

/** Moves every stored hit of `key` back by `seconds`, as if they had been made that long ago. */
const age = (key: string, seconds: number) =>
  t.db.query(
    `UPDATE rate_buckets SET hits = ARRAY(SELECT hit - make_interval(secs => $2) FROM unnest(hits) AS hit ORDER BY hit),
            expires_at = expires_at - make_interval(secs => $2) WHERE key = $1`,
    [key, seconds],
  );

describe('bound counters', () => {
  it('count up to the bound in a sliding window, then answer the seconds until the oldest hit leaves it', async () => {
    const bound = { key: 'test:window', max: 3, windowSeconds: 60 };
    for (let hit = 0; hit < 3; hit++) {
      expect(await counters.take([bound])).toBe(0);
      await age(bound.key, 10);
    }
    // The hits are 30, 20 and 10 s old: the oldest leaves the window in 30 s.
    const wait = await counters.take([bound]);
    expect(wait).toBeGreaterThanOrEqual(29);
    expect(wait).toBeLessThanOrEqual(31);
    await age(bound.key, 31);
    expect(await counters.take([bound])).toBe(0);
    // The refused hit counted nothing: two of the three are still in the window, with the new one.
    expect(await counters.take([bound])).toBeGreaterThan(0);
  });

  it('count a hit against all the bounds or none, leaving no row past the first one reached', async () => {
    const narrow = { key: 'test:narrow', max: 1, windowSeconds: 60 };
    const wide = { key: 'test:wide', max: 5, windowSeconds: 60 };
    expect(await counters.take([wide, narrow])).toBe(0);
    expect(await counters.take([wide, narrow])).toBeGreaterThan(0);
    const [row] = await t.db.query<{ hits: number }>(
      `SELECT cardinality(hits) AS hits FROM rate_buckets WHERE key = 'test:wide'`,
    );
    expect(Number(row.hits)).toBe(1);
    expect(await counters.take([narrow, { key: 'test:made-up', max: 5, windowSeconds: 60 }])).toBeGreaterThan(0);
    expect(await t.db.query(`SELECT 1 FROM rate_buckets WHERE key = 'test:made-up'`)).toEqual([]);
  });

  it('keep a key of any length, as its digest past 200 characters', async () => {
    const bound = { key: `test:${'ａ'.repeat(20_000)}`, max: 1, windowSeconds: 60 };
    expect(await counters.take([bound])).toBe(0);
    expect(await counters.take([bound])).toBeGreaterThan(0);
    const [row] = await t.db.query<{ length: number }>(`SELECT max(length(key)) AS length FROM rate_buckets`);
    expect(Number(row.length)).toBeLessThanOrEqual(200);
  });

  it('give no two parallel hits the same slot', async () => {
    const bound = { key: 'test:parallel', max: 5, windowSeconds: 60 };
    const waits = await Promise.all(Array.from({ length: 40 }, () => counters.take([bound])));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it('refuse everything under a bound of 0, for the whole window', async () => {
    expect(await counters.take([{ key: 'test:closed', max: 0, windowSeconds: 120 }])).toBe(120);
  });

  it('give back and forget hits, and sweep the rows whose window is over', async () => {
    const bound = { key: 'test:back', max: 1, windowSeconds: 60 };
    expect(await counters.take([bound])).toBe(0);
    await counters.giveBack([bound.key]);
    expect(await counters.take([bound])).toBe(0);
    await counters.forget([bound.key]);
    expect(await counters.take([bound])).toBe(0);
    await counters.take([{ key: 'test:old', max: 1, windowSeconds: 60 }]);
    await age('test:old', 61);
    expect(await counters.sweep()).toBe(1);
    const keys = await t.db.query<{ key: string }>('SELECT key FROM rate_buckets ORDER BY key');
    expect(keys.map((row) => row.key)).toEqual(['test:back']);
  });
});
