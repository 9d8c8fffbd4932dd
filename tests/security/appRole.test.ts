import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Queryable } from '../../server/db/database.ts';
import { APP_ROLE, scopeSettingQuery } from '../../server/db/scope.ts';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';

/**
 * What one statement injected into the application's role can do to the audit log and to its own scope
 * (docs/SECURITY.md, "The application's role"): no function writes an entry it is given, the audit tables
 * refuse it, and settings set by hand (another structure, `app.platform`) are no scope: they read no row. On
 * PostgreSQL the test logs in as the role itself, as a server deployed with it would; on PGlite it runs in the
 * server's own session, which has taken the role.
 */
let t: TestApp;
let A: number;
let B: number;
let bUser: number;
let client: pg.Client | undefined;

beforeAll(async () => {
  t = await createTestApp();
  A = Number(t.users.admin.company);
  [{ company: B, id: bUser }] = await t.db.query<{ company: number; id: number }>(
    'SELECT company_id AS company, id FROM users WHERE company_id <> $1 ORDER BY id LIMIT 1',
    [A],
  );
  if (t.kind === 'postgresql') {
    const template = inject('testDatabase');
    if (template.kind !== 'postgresql') throw new Error('A PostgreSQL template was expected.');
    await t.db.exec(`ALTER ROLE ${APP_ROLE} LOGIN`);
    const [{ name }] = await t.db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(`${template.baseUrl}/${name}`);
    url.username = APP_ROLE;
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
  }
});
afterAll(async () => {
  await client?.end();
  await t?.close();
});

/** Runs `work` in a transaction of the app's role, rolled back whatever it did. */
async function asAppRole<T>(work: (q: Queryable) => Promise<T>): Promise<T> {
  if (client) {
    const q: Queryable = { query: async (sql, params) => (await client!.query(sql, params)).rows };
    await client.query('BEGIN');
    try {
      return await work(q);
    } finally {
      await client.query('ROLLBACK');
    }
  }
  let result: T;
  await t.appDb
    .transaction(async (tx) => {
      result = await work(tx);
      throw new Error('rolled back');
    })
    .catch((error: Error) => {
      if (error.message !== 'rolled back') throw error;
    });
  return result!;
}

/** The SQLSTATE of what PostgreSQL answered, or 'ok'. */
async function outcome(q: Queryable, sql: string, params: unknown[] = []): Promise<string> {
  await q.query('SAVEPOINT try');
  try {
    await q.query(sql, params);
    await q.query('RELEASE SAVEPOINT try');
    return 'ok';
  } catch (error) {
    await q.query('ROLLBACK TO SAVEPOINT try');
    return (error as { code?: string }).code ?? String(error);
  }
}

const usersOf = async (q: Queryable, structure: number) =>
  Number((await q.query('SELECT count(*)::int AS n FROM users WHERE company_id = $1', [structure]))[0].n);

describe("the application's role", () => {
  it('is the session of the connection, which it cannot leave for the owner', async () => {
    await asAppRole(async (q) => {
      const [{ role }] = await q.query<{ role: string }>('SELECT current_user AS role');
      expect(role).toBe(APP_ROLE);
      if (client) expect(await outcome(q, `SELECT set_config('role', 'postgres', true)`)).toBe('42501');
    });
  });

  it('writes no audit entry it makes up, in any structure', async () => {
    await asAppRole(async (q) => {
      // The functions that took their entries from their caller are gone.
      expect(
        await outcome(q, `SELECT audit_erase('[{"resource":"users","record_id":1,"company":1,"label":"FORGED"}]')`),
      ).toBe('42883');
      expect(await outcome(q, 'SELECT audit_note($1, $2::integer, $3::integer)', ['users', bUser, B])).toBe('42883');
      expect(
        await outcome(
          q,
          `INSERT INTO audit_log (action, resource, record_id, company_id) VALUES ('FORGED', 'users', 1, $1)`,
          [B],
        ),
      ).toBe('42501');
      // The note left names a record of the sealed scope only: a scope set by hand reaches none.
      await q.query(`SELECT set_config('app.platform', 'on', true), set_config('app.structure', $1, true)`, [
        String(B),
      ]);
      expect(await outcome(q, 'SELECT audit_note($1, $2::integer)', ['users', bUser])).toBe('42501');
      // Of the functions the role may call that run as the owner, only the checked note writes the log; the
      // retention's expiry deletes entries by age alone, never younger than its floor, and writes none.
      const writers = await q.query<{ name: string }>(
        `SELECT p.proname AS name FROM pg_proc p
          WHERE p.pronamespace = 'public'::regnamespace AND p.prosecdef AND p.prorettype <> 'trigger'::regtype
            AND has_function_privilege(current_user, p.oid, 'EXECUTE')
            AND p.prosrc ~ '(audit_entry|audit_record|audit_log|audit_changes)' ORDER BY 1`,
      );
      expect(writers.map((row) => row.name)).toEqual(['audit_note', 'erase_person', 'expire_audit_entries']);
      expect(await outcome(q, 'SELECT expire_audit_entries(1, 1000)')).toBe('22023');
      // A person's name leaves the log only with their erasure, running in the sealed scope.
      expect(await outcome(q, `SELECT erase_person($1, 'X', 'Y', 'x@anonyme.invalid')`, [bUser])).toBe('42501');
    });
  });

  it('reads no structure by setting its scope by hand', async () => {
    await asAppRole(async (q) => {
      expect(await outcome(q, 'SELECT * FROM scope_key')).toBe('42501');
      await q.query(`SELECT set_config('app.platform', 'on', true), set_config('app.structure', $1, true)`, [
        String(B),
      ]);
      expect((await q.query('SELECT app_platform() AS on, app_structure() AS s'))[0]).toEqual({ on: false, s: null });
      expect(await usersOf(q, B)).toBe(0);
      await q.query(`SELECT set_config('app.scope_seal', repeat('ab', 32), true)`);
      expect(await usersOf(q, B)).toBe(0);
    });
  });

  it("reads its sealed structure's rows only, and loses them when it changes one setting", async () => {
    await asAppRole(async (q) => {
      await q.query(...scopeSettingQuery({ structure: A, platform: false, userId: t.users.admin.id }));
      expect(await usersOf(q, A)).toBeGreaterThan(0);
      expect(await usersOf(q, B)).toBe(0);
      await q.query(`SELECT set_config('app.structure', $1, true)`, [String(B)]);
      expect(await usersOf(q, B)).toBe(0);
      expect(await usersOf(q, A)).toBe(0);
      await q.query(...scopeSettingQuery({ structure: A, platform: false, userId: t.users.admin.id }));
      await q.query(`SELECT set_config('app.platform', 'on', true)`);
      expect(await usersOf(q, B)).toBe(0);
    });
  });

  it("reads as a supervisor their learners' rows only, and nothing once the flag is cleared or forged", async () => {
    const supervisor = t.users.contributor.id;
    const participations = (q: Queryable) =>
      q.query<{ id: number }>('SELECT id FROM participations ORDER BY id').then((rows) => rows.map((row) => row.id));
    // The demo's supervisions of the contributor are current and name no course: every course of those learners.
    const expected = (
      await t.db.query<{ id: number }>(
        `SELECT p.id FROM participations p WHERE p.user_id IN (SELECT learner_id FROM user_supervisions
          WHERE supervisor_id = $1 AND course_id IS NULL AND ends_at IS NULL AND starts_at <= now()) ORDER BY p.id`,
        [supervisor],
      )
    ).map((row) => row.id);
    expect(expected.length).toBeGreaterThan(0);
    await asAppRole(async (q) => {
      await q.query(...scopeSettingQuery({ structure: A, platform: false, userId: supervisor, supervisor: true }));
      expect(await participations(q)).toEqual(expected);
      await q.query(`SELECT set_config('app.supervisor', '', true)`);
      expect(await participations(q)).toEqual([]);
      // A structure's scope made a supervisor's by hand is no scope.
      await q.query(...scopeSettingQuery({ structure: A, platform: false, userId: supervisor }));
      expect((await participations(q)).length).toBeGreaterThan(expected.length);
      await q.query(`SELECT set_config('app.supervisor', 'on', true)`);
      expect(await participations(q)).toEqual([]);
    });
  });
});
