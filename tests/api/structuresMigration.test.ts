import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { PLATFORM } from '../../server/db/scope.ts';
import { prepareDatabase } from '../../server/prepareDatabase.ts';

/**
 * The data of a platform from before structures were tenants, migrated: no row lost, every row in the
 * structure of the people it is about (or the first structure when nothing tells), platform staff
 * without a structure, and row-level security holding from the first start after.
 */
const BEFORE = '0007_access_end.sql';
const TENANT_TABLES = [
  'users',
  'user_connections',
  'user_supervisions',
  'participations',
  'chapter_validations',
  'chapter_part_responses',
  'comments',
  'notes',
  'tickets',
  'documents',
  'courses',
  'modules',
  'chapters',
  'chapter_parts',
  'tags',
  'skills',
  'notification_templates',
  'error_calls',
];

let db: Database;
let cleanup: () => Promise<void>;

async function emptyDatabase(): Promise<{ db: Database; cleanup: () => Promise<void> }> {
  const template = inject('testDatabase');
  if (template.kind === 'postgresql') {
    const name = `migration_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: `${template.baseUrl}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const opened = await openPostgres(`${template.baseUrl}/${name}`, 2);
    return {
      db: opened,
      cleanup: async () => {
        await opened.close();
        const dropper = new pg.Client({ connectionString: `${template.baseUrl}/postgres` });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'migration-'));
  const opened = await openPglite(dir);
  return {
    db: opened,
    cleanup: async () => {
      await opened.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      TENANT_TABLES.map(async (table) => [
        table,
        Number((await db.scoped(PLATFORM).query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0].n),
      ]),
    ),
  );

let before: Record<string, number>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ db, cleanup } = await emptyDatabase());
  await migrate(db, BEFORE);
  // Two structures, their people and platform staff; content, tickets, notes, documents and answers as the
  // schema before held them (as its owner: there is no row-level security yet).
  const one = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ id: number }>(sql, params))[0].id);
  ids.first = await one(`INSERT INTO companies (name) VALUES ('Première') RETURNING id`);
  ids.second = await one(`INSERT INTO companies (name) VALUES ('Seconde') RETURNING id`);
  const user = (email: string, roles: string, company: number | null) =>
    one(
      `INSERT INTO users (email, first_name, last_name, type, roles, company_id) VALUES ($1, 'P', 'N', 'admin', $2::text[], $3) RETURNING id`,
      [email, roles, company],
    );
  ids.staff = await user('staff@exemple.fr', '{ROLE_SUPER_ADMIN}', null);
  ids.orphan = await user('orphelin@exemple.fr', '{ROLE_USER}', null);
  ids.learner = await user('apprenant@exemple.fr', '{ROLE_USER}', ids.second);
  ids.agent = await user('agent@exemple.fr', '{ROLE_ADMIN}', ids.first);
  ids.course = await one(`INSERT INTO courses (title) VALUES ('Cours') RETURNING id`);
  ids.module = await one(`INSERT INTO modules (title, course_id) VALUES ('Module', $1) RETURNING id`, [ids.course]);
  ids.template = await one(`INSERT INTO modules (title, is_template) VALUES ('Modèle', true) RETURNING id`);
  ids.chapter = await one(`INSERT INTO chapters (title, module_id) VALUES ('Chapitre', $1) RETURNING id`, [ids.module]);
  ids.part = await one(
    `INSERT INTO chapter_parts (chapter_id, type, content) VALUES ($1, 'notes', '{"text": "x"}') RETURNING id`,
    [ids.chapter],
  );
  await db.query(`INSERT INTO participations (user_id, course_id) VALUES ($1, $2)`, [ids.learner, ids.course]);
  await db.query(`INSERT INTO chapter_part_responses (chapter_part_id, user_id, value) VALUES ($1, $2, '{}')`, [
    ids.part,
    ids.learner,
  ]);
  await db.query(`INSERT INTO user_connections (user_id) VALUES ($1), ($2), (NULL)`, [ids.learner, ids.staff]);
  ids.ticket = await one(`INSERT INTO tickets (type, subject, author_id) VALUES (2, 'Aide', $1) RETURNING id`, [
    ids.learner,
  ]);
  await db.query(
    `INSERT INTO ticket_messages (ticket_id, author_id, body, status) VALUES ($1, $2, 'Réponse', 'treated')`,
    [ids.ticket, ids.staff],
  );
  ids.note = await one(`INSERT INTO notes (content, author_id, ticket_id) VALUES ('Note', $1, $2) RETURNING id`, [
    ids.agent,
    ids.ticket,
  ]);
  ids.comment = await one(`INSERT INTO comments (body, author_id, course_id) VALUES ('Avis', $1, $2) RETURNING id`, [
    ids.learner,
    ids.course,
  ]);
  ids.document = await one(`INSERT INTO documents (name, owner_id) VALUES ('a.pdf', $1) RETURNING id`, [ids.learner]);
  ids.anonymous = await one(
    `INSERT INTO documents (name, context, anonymous) VALUES ('kbis.pdf', 'onboarding', true) RETURNING id`,
  );
  await db.query(`INSERT INTO tags (name) VALUES ('Étiquette')`);
  await db.query(`INSERT INTO notification_templates (code, name) VALUES ('ticket_reply_fr', 'Réponse')`);
  await db.query(`INSERT INTO error_calls (company_id, employee_id, status) VALUES (999, $1, 500)`, [ids.learner]);
  before = await counts();
  await prepareDatabase(db);
}, 120_000);

afterAll(async () => {
  await cleanup?.();
});

const structureOf = async (table: string, id: number) =>
  (
    await db
      .scoped(PLATFORM)
      .query<{ company_id: number | null }>(`SELECT company_id FROM ${table} WHERE id = $1`, [id])
  )[0].company_id;

describe(`structures over the data of before (${process.env.TEST_DATABASE || 'pglite'})`, () => {
  it('loses no row', async () => {
    expect(await counts()).toEqual(before);
  });

  it('gives each row its people’s structure, and the rest to the first structure', async () => {
    expect(await structureOf('users', ids.staff)).toBeNull();
    expect(await structureOf('users', ids.orphan)).toBe(ids.first);
    expect(await structureOf('tickets', ids.ticket)).toBe(ids.second);
    // A note goes with its ticket, whoever wrote it.
    expect(await structureOf('notes', ids.note)).toBe(ids.second);
    expect(await structureOf('comments', ids.comment)).toBe(ids.second);
    expect(await structureOf('documents', ids.document)).toBe(ids.second);
    expect(await structureOf('documents', ids.anonymous)).toBe(ids.first);
    for (const [table, id] of [
      ['courses', ids.course],
      ['modules', ids.module],
      ['modules', ids.template],
      ['chapters', ids.chapter],
      ['chapter_parts', ids.part],
    ] as const)
      expect(await structureOf(table, id)).toBe(ids.first);
    const [participation] = await db
      .scoped(PLATFORM)
      .query<{ company_id: number }>('SELECT company_id FROM participations');
    expect(participation.company_id).toBe(ids.second);
    // An error report's structure is its reporter's, not what the report claimed.
    const [report] = await db.scoped(PLATFORM).query<{ company_id: number }>('SELECT company_id FROM error_calls');
    expect(report.company_id).toBe(ids.second);
    // The platform's mails stay its own: every structure's default.
    const [template] = await db
      .scoped(PLATFORM)
      .query<{ company_id: number | null }>('SELECT company_id FROM notification_templates');
    expect(template.company_id).toBeNull();
  });

  it('holds from the first start: each structure sees its own rows, platform staff all of them', async () => {
    const seen = async (structure: number) =>
      (
        await db
          .scoped({ structure, platform: false })
          .query<{ email: string }>('SELECT email FROM users ORDER BY email')
      ).map((row) => row.email);
    expect(await seen(ids.first)).toEqual(['agent@exemple.fr', 'orphelin@exemple.fr']);
    expect(await seen(ids.second)).toEqual(['apprenant@exemple.fr']);
    expect((await db.scoped(PLATFORM).query('SELECT 1 FROM users')).length).toBe(4);
    expect(await db.query('SELECT 1 FROM tickets')).toEqual([]);
  });
});
