import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite, type Database } from '../../server/db/database.ts';

/**
 * The embedded database runs one transaction at a time. A statement's PREPARE that a request began outside
 * any transaction waits for the running one to end: a transaction asking for the same statement meanwhile
 * must not wait for that PREPARE (two requests reading documents by the same rule, one inside an export's
 * transaction, once hung the server for good).
 */
let dir: string;
let db: Database;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pglite-prepare-'));
  db = await openPglite(dir);
  await db.exec('CREATE TABLE things (id int PRIMARY KEY)');
  await db.query('INSERT INTO things SELECT generate_series(1, 3)');
});
afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

it(
  'answers a transaction’s statement whose PREPARE another request began outside it',
  { timeout: 20_000 },
  async () => {
    const sql = 'SELECT id FROM things WHERE id = ANY($1::int4[]) ORDER BY id';
    let outside: Promise<{ id: number }[]> | undefined;
    const inside = db.transaction(async (tx) => {
      outside = db.query<{ id: number }>(sql, [[1, 2]]);
      // Let the outside request reach its PREPARE, which now waits for this transaction.
      await new Promise((resolve) => setTimeout(resolve, 100));
      return tx.query<{ id: number }>(sql, [[2, 3]]);
    });
    const hung = new Promise((resolve) => setTimeout(() => resolve('hung'), 5_000));
    expect(await Promise.race([inside, hung])).toEqual([{ id: 2 }, { id: 3 }]);
    expect(await outside).toEqual([{ id: 1 }, { id: 2 }]);
  },
);
