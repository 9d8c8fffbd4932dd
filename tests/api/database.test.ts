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
      t.db.query<{
        text: string;
        n: number;
        big: number;
        flag: boolean;
        at: Date;
        ids: number[];
        words: string[];
        none: string | null;
      }>(
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

describe(`scopes (${process.env.TEST_DATABASE || 'pglite'})`, () => {
  const settings = `SELECT current_setting('app.structure', true) AS structure, current_setting('app.platform', true) AS platform,
                           current_setting('app.user_id', true) AS "user"`;

  it('sets a statement’s scope for that statement alone, on every connection', async () => {
    const rounds = Array.from({ length: 24 }, (_, index) => index + 1);
    // Concurrent statements of different scopes share the pool's connections: none sees another's scope.
    const seen = await Promise.all(
      rounds.map((structure) =>
        t.db
          .scoped({ structure, platform: structure % 2 === 0, userId: structure * 10 })
          .query<Record<string, string>>(settings),
      ),
    );
    seen.forEach(([row], index) => {
      const structure = index + 1;
      expect(row).toEqual({
        structure: String(structure),
        platform: structure % 2 === 0 ? 'on' : 'off',
        user: String(structure * 10),
      });
    });
    const [none] = await t.db.scoped({ structure: null, platform: false }).query<Record<string, string>>(settings);
    expect(none).toEqual({ structure: '', platform: 'off', user: '' });
  });

  it('holds the scope through a transaction, and leaves nothing behind a failed statement', async () => {
    const scoped = t.db.scoped({ structure: 5, platform: false, userId: 2 });
    await scoped.transaction(async (tx) => {
      expect((await tx.query<Record<string, string>>(settings))[0].structure).toBe('5');
      expect((await tx.query<Record<string, string>>(settings))[0].structure).toBe('5');
    });
    await expect(scoped.query('SELECT $1::int4 AS n', ['pas un nombre'])).rejects.toMatchObject({ code: '22P02' });
    await expect(scoped.query(`SELECT * FROM no_such_table_${Date.now()} WHERE id = $1`, [1])).rejects.toMatchObject({
      code: '42P01',
    });
    const after = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.db.scoped({ structure: 6, platform: true }).query<Record<string, string>>(settings),
      ),
    );
    for (const [row] of after) expect(row).toEqual({ structure: '6', platform: 'on', user: '' });
  });
});

describe(`notifications (${process.env.TEST_DATABASE || 'pglite'})`, () => {
  it('has delivered every notification committed before heard() was called when it resolves', async () => {
    const heard: string[] = [];
    const stop = await t.appDb.listen('heard_test', (payload) => heard.push(payload));
    try {
      for (let round = 0; round < 30; round++) {
        // Committed by a pooled connection; delivered on the listening one.
        await t.db.query(`SELECT pg_notify('heard_test', $1)`, [String(round)]);
        await t.appDb.heard();
        expect(heard).toContain(String(round));
      }
      // Callers at once share round trips, and each still sees what was committed before its call.
      const rounds = Array.from({ length: 10 }, (_, index) => `many-${index}`);
      await Promise.all(
        rounds.map(async (payload) => {
          await t.db.query(`SELECT pg_notify('heard_test', $1)`, [payload]);
          await t.appDb.heard();
          expect(heard).toContain(payload);
        }),
      );
    } finally {
      await stop();
    }
  });
});
