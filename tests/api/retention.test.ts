import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { expireRetained } from '../../server/jobs/retention.ts';
import { JobScheduler } from '../../server/jobs/scheduler.ts';
import { AUDIT_RETENTION_FLOOR_DAYS, DATED_KINDS, RETENTION, type DatedKind } from '../../src/domain/retention.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Personal data is kept as long as src/domain/retention.ts says, then expired by one job across the processes:
 * exactly the rows past their retention, the younger ones kept.
 */

let t: TestApp;
const started: JobScheduler[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const scheduler of started) await scheduler.stop();
  await t?.close();
});

/** Where each kind lives, for the test's own look: its table and the column that dates a row. */
const TABLES: Record<DatedKind, string> = {
  connections: 'user_connections',
  errorCalls: 'error_calls',
  sentMails: 'ticket_notifications',
  mentions: 'mention_notifications',
  audit: 'audit_log',
};

const ids = async (table: string, count: number) =>
  (await t.db.query<{ id: number }>(`SELECT id FROM ${table} ORDER BY id LIMIT ${count}`)).map((row) => row.id);

/** A user's mentions are theirs alone under row-level security: the test reads them as the tables' owner would. */
const mentionIds = async () => {
  await t.db.exec(`CREATE TABLE IF NOT EXISTS retention_test_ids AS SELECT id FROM mention_notifications WITH NO DATA;
    TRUNCATE retention_test_ids; INSERT INTO retention_test_ids SELECT id FROM mention_notifications`);
  return ids('retention_test_ids', 1_000);
};

/** Makes a kind's row `days` old (as the tables' owner: the server's role may not age audit entries). */
const age = (kind: DatedKind, id: number, days: number) =>
  t.db.exec(
    `UPDATE ${TABLES[kind]} SET ${kind === 'connections' ? 'connected_at' : 'created_at'} = now() - interval '${days} days' WHERE id = ${id}`,
  );

/** Two rows of every kind: one a day past its retention, one a day short of it. */
async function rowsAroundTheirRetention(): Promise<Record<DatedKind, { due: number; kept: number }>> {
  const [ticket] = await ids('tickets', 1);
  const users = await ids('users', 2);
  await t.db.exec(
    `INSERT INTO ticket_notifications (ticket_id, template, channel, recipient, status)
       SELECT ${ticket}, 'ticket_reply', 'email', 'apprenant@example.fr', 'sent' FROM generate_series(1, 2)`,
  );
  await t.db.exec(
    `INSERT INTO notes (content, author_id, ticket_id) VALUES ('@Camille, vous voyez ?', ${users[0]}, ${ticket})`,
  );
  const [note] = await t.db.query<{ id: number }>('SELECT max(id) AS id FROM notes');
  await t.db.exec(
    `INSERT INTO mention_notifications (user_id, note_id, ticket_id, author_id, excerpt)
       VALUES (${users[0]}, ${note.id}, ${ticket}, ${users[1]}, 'vous voyez ?'), (${users[1]}, ${note.id}, ${ticket}, ${users[0]}, 'vous voyez ?')`,
  );
  for (const name of ['Conservé', 'Expiré'])
    await t.request('POST', '/api/tags', { as: 'superadmin', body: { name: `${name} ${Date.now()}` } });
  const rows = {} as Record<DatedKind, { due: number; kept: number }>;
  for (const kind of DATED_KINDS) {
    const [due, kept] =
      kind === 'audit'
        ? (await t.db.query<{ id: number }>('SELECT id FROM audit_log ORDER BY id DESC LIMIT 2')).map((row) => row.id)
        : kind === 'mentions'
          ? (await mentionIds()).slice(-2)
          : await ids(TABLES[kind], 2);
    if (due === undefined || kept === undefined) throw new Error(`${kind}: fewer than two rows to age`);
    const days = t.config.retentionDays[kind];
    await age(kind, due, days + 1);
    await age(kind, kept, days - 1);
    rows[kind] = { due, kept };
  }
  return rows;
}

describe('retention of personal data', () => {
  it('gives every kind a retention and the job that expires it, each changeable by its setting', () => {
    for (const [kind, rule] of Object.entries(RETENTION)) {
      expect(rule.what, kind).not.toBe('');
      if (rule.days !== null) expect(rule.setting, kind).toMatch(/^[A-Z_]+$/);
    }
    const config = loadConfig({ RETENTION_CONNECTIONS_DAYS: '30', RETENTION_AUDIT_DAYS: '400' });
    expect(config.retentionDays).toMatchObject({ connections: 30, audit: 400, errorCalls: RETENTION.errorCalls.days });
    expect(() => loadConfig({ RETENTION_AUDIT_DAYS: String(AUDIT_RETENTION_FLOOR_DAYS - 1) })).toThrow(
      /RETENTION_AUDIT_DAYS must be at least/,
    );
    expect(() => loadConfig({ RETENTION_ERROR_CALLS_DAYS: 'trois' })).toThrow(/RETENTION_ERROR_CALLS_DAYS/);
  });

  it('expires exactly what is past its retention, once across three processes', async () => {
    const rows = await rowsAroundTheirRetention();
    const runs: Record<DatedKind, number>[] = [];
    const job = {
      name: 'test-retention',
      everySeconds: 3600,
      run: async () => runs.push(await expireRetained(t.db, t.config.retentionDays)),
    };
    await t.db.query(`DELETE FROM scheduled_jobs WHERE name = $1`, [job.name]);
    await Promise.all(
      [1, 2, 3].map(async () => {
        const scheduler = new JobScheduler(t.db, { tickMs: 3_600_000 }).define(job);
        started.push(scheduler);
        await scheduler.start();
      }),
    );
    expect(runs).toEqual([{ connections: 1, errorCalls: 1, sentMails: 1, mentions: 1, audit: 1 }]);
    for (const kind of DATED_KINDS) {
      const present = kind === 'mentions' ? await mentionIds() : await ids(TABLES[kind], 100_000);
      expect(
        present.filter((id) => id === rows[kind].due || id === rows[kind].kept),
        kind,
      ).toEqual([rows[kind].kept]);
    }
  });

  it('never expires the audit log below its floor, whoever asks the database', async () => {
    await expect(t.db.query('SELECT expire_audit_entries($1, 10)', [AUDIT_RETENTION_FLOOR_DAYS - 1])).rejects.toThrow(
      new RegExp(`kept at least ${AUDIT_RETENTION_FLOOR_DAYS} days`),
    );
    // The floor the database enforces is the one the configuration names.
    await expect(t.db.query('SELECT expire_audit_entries($1, 0)', [AUDIT_RETENTION_FLOOR_DAYS])).resolves.toEqual([
      { expire_audit_entries: 0 },
    ]);
  });
});
