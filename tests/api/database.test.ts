import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Statements run prepared (PGlite: PREPARE + EXECUTE with the parameters passed as text; PostgreSQL: named
 * statements). What a caller gets must not depend on it: the same rows, the same types, the same errors,
 * and a bounded number of statements kept per connection whatever texts come.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`prepared statements (${process.env.TEST_DATABASE || 'pglite'})`, () => {
  it('passes every kind of parameter through unchanged', async () => {
    const tricky = `l'apostrophe, "guillemets", \\antislash, {accolades}, NULL`;
    const at = new Date('2026-03-04T05:06:07.089Z');
    const run = () =>
      t.db.query<{ text: string; n: number; big: number; flag: boolean; at: Date; ids: number[]; words: string[]; none: string | null }>(
        `SELECT $1::text AS text, $2::int4 AS n, $3::int8 AS big, $4::bool AS flag, $5::timestamptz AS at,
                $6::int4[] AS ids, $7::text[] AS words, $8::text AS none`,
        [tricky, 42, 9007199254740991, false, at, [3, 1, 2], [tricky, '', 'a,b'], null],
      );
    for (let round = 0; round < 3; round++) {
      const [row] = await run();
      expect(row.text).toBe(tricky);
      expect(row.n).toBe(42);
      expect(Number(row.big)).toBe(9007199254740991);
      expect(row.flag).toBe(false);
      expect(new Date(row.at).toISOString()).toBe(at.toISOString());
      expect(row.ids).toEqual([3, 1, 2]);
      expect(row.words).toEqual([tricky, '', 'a,b']);
      expect(row.none).toBeNull();
    }
  });

  it('keeps JSON parameters intact', async () => {
    const value = { list: ['x', "l'y"], nested: { n: 1 } };
    const [row] = await t.db.query<{ value: unknown }>('SELECT $1::jsonb AS value', [JSON.stringify(value)]);
    expect(row.value).toEqual(value);
  });

  it('raises the same error for bad input, every time', async () => {
    for (let round = 0; round < 2; round++)
      await expect(t.db.query('SELECT $1::int4 AS n', ['pas un nombre'])).rejects.toMatchObject({ code: '22P02' });
    await expect(t.db.query('SELECT * FROM no_such_table WHERE id = $1', [1])).rejects.toMatchObject({ code: '42P01' });
  });

  it('keeps a bounded number of prepared statements, however many texts it sees', async () => {
    for (let index = 0; index < 700; index++) {
      const [row] = await t.db.query<{ n: number }>(`SELECT $1::int4 + ${index} AS n`, [1]);
      expect(row.n).toBe(index + 1);
    }
    // On PostgreSQL a pool connection reports only its own statements: each is bounded the same way.
    const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements');
    expect(row.n).toBeLessThanOrEqual(500);
  });
});
