import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../../server/db/scope.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The exact row counts and write generations that lists read (`row_totals`), kept by triggers over slots of
 * `row_counts`: what a list's hydra:totalItems and its caches rely on, and, on PostgreSQL, writers of one
 * table that do not queue behind each other's count.
 */

const onPostgres = process.env.TEST_DATABASE === 'postgresql';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    prepare: (db) =>
      db.exec(`CREATE TABLE counted (id integer PRIMARY KEY);
        SELECT install_row_counts('counted');
        GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON counted TO ${APP_ROLE}`),
  });
});
afterAll(async () => {
  await t?.close();
});

async function totals(): Promise<{ n: number; generation: number; actual: number }> {
  const [row] = await t.db.query<{ n: string; generation: string; actual: string }>(
    `SELECT n, generation, (SELECT count(*) FROM counted) AS actual FROM row_totals WHERE table_name = 'counted'`,
  );
  return { n: Number(row.n), generation: Number(row.generation), actual: Number(row.actual) };
}

describe(`row counts (${process.env.TEST_DATABASE || 'pglite'})`, () => {
  it('counts every insert and delete exactly, and moves the generation on every write', async () => {
    const seen: number[] = [];
    const step = async (sql: string, expected: number) => {
      await t.db.query(sql);
      const now = await totals();
      expect(now.n).toBe(expected);
      expect(now.actual).toBe(expected);
      seen.push(now.generation);
    };
    seen.push((await totals()).generation);
    await step('INSERT INTO counted SELECT generate_series(1, 5)', 5);
    await step('UPDATE counted SET id = id + 100 WHERE id = 1', 5);
    await step('DELETE FROM counted WHERE id > 3', 2);
    await step('TRUNCATE counted', 0);
    await step('INSERT INTO counted VALUES (7)', 1);
    for (let index = 1; index < seen.length; index++) expect(seen[index]).toBeGreaterThan(seen[index - 1]);
  });

  it.runIf(onPostgres)('lets writers of one table on other slots go on while one has not committed', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slots: number[] = [];
    const inserted: number[] = [];
    let opened = 0;
    let opening!: () => void;
    const allOpen = new Promise<void>((resolve) => (opening = resolve));
    // As many open transactions as the pool holds; those on a slot already taken only watch.
    const writers = [1, 2, 3, 4].map((id) =>
      t.db.transaction(async (tx) => {
        await tx.query(`SET LOCAL statement_timeout = 3000`);
        const [{ slot }] = await tx.query<{ slot: number }>('SELECT row_count_slot() AS slot');
        if (++opened === 4) opening();
        await allOpen;
        if (!slots.includes(slot)) {
          slots.push(slot);
          await tx.query('INSERT INTO counted VALUES ($1)', [1000 + id]);
          inserted.push(id);
        }
        await released;
      }),
    );
    await allOpen;
    await expect.poll(() => inserted.length, { timeout: 2000 }).toBe(slots.length);
    expect(slots.length).toBeGreaterThan(1);
    release();
    await Promise.all(writers);
    const now = await totals();
    expect(now.n).toBe(now.actual);
  });
});
