import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Row } from '../../server/db/database.ts';
import { APP_ROLE, scopeSettingSql } from '../../server/db/scope.ts';
import { refreshLearningAggregates } from '../../server/learning/aggregates.ts';
import { declarations, declarationsByName } from '../../server/resources/definitions/index.ts';
import { INNER_TABLES, USER_TABLES } from '../../server/resources/tenancyPolicies.ts';
import { columnOf } from '../../server/resources/types.ts';
import { ident, literal } from '../../server/shared/sql.ts';
import { iri } from '../api/support/samples.ts';
import { createTestApp, JWT_SECRET, type TestApp } from '../api/support/testApp.ts';
import { sendDueReminders } from '../../server/learning/reminders.ts';
import { OptOutTokens } from '../../server/notify/optOuts.ts';
import {
  addTo,
  administratorOf,
  Bodies,
  fillStructure,
  isTenant,
  must,
  type Pools,
  send,
  tenancyOf,
} from './support/structures.ts';

/**
 * The second lock alone: PostgreSQL's row-level security, without any condition of the engine's. For every
 * table the app put under row-level security (read from pg_class once the app prepared the database), the
 * app's own role and scopes are used directly: a structure's transaction reads its rows and the catalogue's
 * only, a statement outside any scope reads no structure's row, and PostgreSQL refuses a row written into
 * another structure. What each table should show is derived from the tenancy model and the schema's
 * foreign keys, and read on the platform's scope.
 */

let t: TestApp;
let A: number;
let B: number;

/** How a table's rows belong to a structure: by their own column, or through the row they belong to. */
type Rule = { table: string; column: string; catalogue?: string } | { table: string; owner: string; column: string };
const rules = new Map<string, Rule>();
/** Tables of row-level security the model does not explain. */
const unexplained: string[] = [];

const scopeOf = (structure: number | null): Database =>
  structure === null ? t.appDb : t.appDb.scoped({ structure, platform: false });
const keyOf = (row: Row) => JSON.stringify(row.row);

/** Rows as JSON text (`x` is the table's alias): the key a row is compared by in two readings. */
async function rowsOf(db: Database, table: string, where = 'true', params: unknown[] = []): Promise<Set<string>> {
  return new Set(
    (await db.query(`SELECT to_jsonb(x) AS row FROM ${ident(table)} x WHERE ${where}`, params)).map(keyOf),
  );
}

/** The rows of `table` a transaction scoped to `structure` should read (null: no scope), on the platform's scope. */
async function expectedRows(table: string, structure: number | null): Promise<Set<string>> {
  const rule = rules.get(table)!;
  if ('owner' in rule) {
    const owners = [...(await expectedRows(rule.owner, structure))].map((row) => Number(JSON.parse(row).id));
    return rowsOf(t.db, table, `x.${ident(rule.column)} = ANY($1::int4[])`, [owners]);
  }
  return rowsOf(t.db, table, `x.${ident(rule.column)} = $1${rule.catalogue ? ` OR (${rule.catalogue})` : ''}`, [
    structure,
  ]);
}

/** The first row of `table` that is a structure's own (not the catalogue's). */
async function ownRow(table: string, structure: number): Promise<Row> {
  const catalogue = await expectedRows(table, null);
  const own = [...(await expectedRows(table, structure))].find((row) => !catalogue.has(row));
  if (!own) throw new Error(`${table} has no row of structure ${structure}.`);
  return JSON.parse(own) as Row;
}

/** What PostgreSQL answered to a write run in A's scope by the app, rolled back whatever happened. */
async function attempt(sql: string): Promise<{ code?: string; constraint?: string; rows?: number }> {
  try {
    await scopeOf(A).transaction(async (tx) => {
      const rows = await tx.query(sql);
      throw Object.assign(new Error('rolled back'), { rows: rows.length });
    });
  } catch (error) {
    const { code, constraint, rows } = error as { code?: string; constraint?: string; rows?: number };
    return rows === undefined ? { code, constraint } : { rows };
  }
  return {};
}

/**
 * What the policies alone answer to a write in A's scope: the table's triggers (which refuse a move of
 * structure, or take a row's structure from its parent) are off for the time of a rolled-back transaction.
 * A write they let through is told by its count.
 */
async function policiesAlone(table: string, write: string): Promise<string | undefined> {
  try {
    await t.db.exec(`BEGIN;
ALTER TABLE ${ident(table)} DISABLE TRIGGER USER;
SET LOCAL ROLE ${ident(APP_ROLE)};
${scopeSettingSql({ structure: A, platform: false })};
DO $$ DECLARE written integer; BEGIN ${write}; GET DIAGNOSTICS written = ROW_COUNT; RAISE EXCEPTION 'wrote % rows', written; END $$;
ROLLBACK`);
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
  return undefined;
}

const refusedByPostgres = (answer: { code?: string; constraint?: string }) =>
  answer.code === '42501' || (answer.code === '23514' && answer.constraint === 'structure_move');

beforeAll(async () => {
  t = await createTestApp();
  A = Number(t.users.admin.company);
  const bAdmin = await administratorOf(t, A, true);
  B = bAdmin.structure;

  // Rows of every kind in both structures, so that each table holds some of A's and some of B's.
  const bodies = await Bodies.load(t);
  const superadmin = await t.tokenFor('superadmin');
  const platform: Pools = new Map();
  for (const declaration of declarations.filter((candidate) => !isTenant(candidate)))
    addTo(
      platform,
      declaration.name,
      ...(await t.db.query<{ id: number }>(`SELECT id FROM ${ident(declaration.table)} ORDER BY id LIMIT 3`)).map(
        (row) => row.id,
      ),
    );
  const [{ id: plan }] = (await t.request('GET', '/api/public/plans')).json as { id: number }[];
  for (const { structure, caller: member } of [await administratorOf(t, A), bAdmin]) {
    const pools: Pools = new Map(platform);
    addTo(
      pools,
      'users',
      ...(await t.db.query<{ id: number }>('SELECT id FROM users WHERE company_id = $1 ORDER BY id', [structure])).map(
        (row) => row.id,
      ),
    );
    await fillStructure(
      t,
      bodies,
      { member, platform: { token: superadmin, headers: { 'x-structure': String(structure) } } },
      pools,
      `Structure ${structure}`,
    );
    await must(
      t.request('POST', '/api/subscribe', { as: 'superadmin', body: { plan, company: iri('companies', structure) } }),
      'A plan',
    );
    // A cell of the rights screen changed in each structure: the seed leaves every structure on the defaults.
    await must(
      t.request('PUT', '/api/role-permissions', {
        as: 'superadmin',
        headers: { 'x-structure': String(structure) },
        body: { role: 'ROLE_USER', resource: 'courses', operation: 'create', allowed: false },
      }),
      'A rights change',
    );
    // The learning mails' rows: a weekly report taken, an opt-out followed, a reminder due (sent below).
    await must(send(t, member, 'PUT', '/api/learning/report-subscription'), 'A weekly report');
    const [learner] = await t.db.query<{ id: number }>(
      'SELECT id FROM users WHERE company_id = $1 AND enabled ORDER BY id LIMIT 1',
      [structure],
    );
    const token = new OptOutTokens(JWT_SECRET).issue(learner.id, 'learning_reports');
    await must(t.request('POST', '/api/unsubscribe', { body: { token } }), 'An opt-out');
    // A person's data exported on their request.
    await must(
      send(t, member, 'POST', '/api/personal-data-requests', { user: learner.id, kind: 'export' }),
      'A data export',
    );
    await t.db.query(
      `WITH course AS (INSERT INTO courses (title, company_id) VALUES ('Rappel', $2) RETURNING id)
       INSERT INTO participations (user_id, course_id, due_at, company_id)
       SELECT $1, id, now() + interval '12 hours', $2 FROM course`,
      [learner.id, structure],
    );
    // A completed cycle kept by a recertification.
    await t.db.query(
      `INSERT INTO participation_cycles (company_id, participation_id, cycle, started_at, completed_at)
       SELECT $2, p.id, 1, now() - interval '400 days', now() - interval '380 days'
         FROM participations p WHERE p.user_id = $1 AND p.company_id = $2 ORDER BY p.id LIMIT 1`,
      [learner.id, structure],
    );
  }
  const links = { appUrl: t.config.appUrl, apiUrl: t.config.appUrl, optOuts: new OptOutTokens(JWT_SECRET) };
  await sendDueReminders(t.db, { send: async () => undefined }, links);

  // The reports' aggregates of both structures, from the rows above.
  await refreshLearningAggregates(t.db);

  // Each table's rule, from the model (a resource's structure column, its catalogue, its join tables) and
  // the schema (a table with a structure column of its own; or one whose rows die with one row's).
  const tables = (
    await t.db.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' AND relrowsecurity ORDER BY relname`,
    )
  ).map((row) => row.name);
  for (const declaration of declarations.filter(isTenant)) {
    const tenancy = tenancyOf(declaration);
    const column = tenancy.rows === 'structure' && tenancy.self ? 'id' : 'company_id';
    const shared = tenancy.rows === 'catalogue' && tenancy.shared;
    const catalogue =
      tenancy.rows !== 'catalogue'
        ? undefined
        : `x.company_id IS NULL${shared ? ` AND x.${ident(columnOf(shared.field, declaration.fields[shared.field]))} IN (${shared.values.map((value) => `'${value}'`).join(', ')})` : ''}`;
    rules.set(declaration.table, { table: declaration.table, column, catalogue });
    for (const field of Object.values(declaration.fields))
      if (field.type.kind === 'relations')
        rules.set(field.type.joinTable, {
          table: field.type.joinTable,
          owner: declaration.table,
          column: field.type.ownColumn,
        });
  }
  const cascades = await t.db.query<{ child: string; column: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, a.attname AS column, c.confrelid::regclass::text AS parent
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confdeltype = 'c' AND array_length(c.conkey, 1) = 1`,
  );
  // A user's own rows (saved views) are one user's, not a whole structure's: tests/api/savedViews.test.ts.
  for (const table of tables.filter((name) => !rules.has(name) && !USER_TABLES.includes(name))) {
    const [structureColumn] = await t.db.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = $1 AND column_name = 'company_id'`,
      [table],
    );
    const owners = cascades.filter(
      (fk) => fk.child === table && tables.includes(fk.parent) && fk.column !== 'company_id',
    );
    // A table that dies with several rows (a note's file, with its note and its ticket) names its owner.
    const inner = INNER_TABLES.find((candidate) => candidate.table === table);
    if (structureColumn) rules.set(table, { table, column: 'company_id' });
    else if (inner)
      rules.set(table, {
        table,
        owner: declarationsByName.get(inner.owner)?.table ?? inner.owner,
        column: inner.column,
      });
    else if (owners.length === 1) rules.set(table, { table, owner: owners[0].parent, column: owners[0].column });
    else unexplained.push(table);
  }
  for (const table of [...rules.keys()]) if (!tables.includes(table)) rules.delete(table);
});

afterAll(async () => {
  await t?.close();
});

describe('row-level security alone', () => {
  it('covers every table holding a structure’s rows, each explained by the tenancy model', () => {
    expect(unexplained, 'tables under row-level security whose rows the model does not place').toEqual([]);
    const unguarded = declarations.filter((declaration) => isTenant(declaration) && !rules.has(declaration.table));
    expect(
      unguarded.map((declaration) => declaration.table),
      'tables of structures without row-level security',
    ).toEqual([]);
    expect(rules.size).toBeGreaterThan(20);
  });

  it('runs as a role that neither owns the tables nor bypasses row-level security', async () => {
    const [role] = await t.appDb.query<{ name: string; rolsuper: boolean; rolbypassrls: boolean }>(
      'SELECT current_user AS name, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user',
    );
    expect(role).toEqual({ name: APP_ROLE, rolsuper: false, rolbypassrls: false });
    const owned = await t.appDb.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relrowsecurity AND pg_has_role(current_user, relowner, 'MEMBER')`,
    );
    expect(owned).toEqual([]);
  });

  it('shows a structure’s transaction its rows and the catalogue’s, and a statement without scope no structure’s', async () => {
    const wrong: string[] = [];
    for (const table of rules.keys())
      for (const structure of [A, B, null]) {
        const seen = await rowsOf(scopeOf(structure), table);
        const expected = await expectedRows(table, structure);
        const all = await rowsOf(t.db, table);
        const who = structure === null ? 'no scope' : `structure ${structure}`;
        if (structure !== null && (expected.size === 0 || expected.size === all.size))
          wrong.push(`${table}: no row tells ${who} from the others (${expected.size} of ${all.size})`);
        for (const row of seen)
          if (!expected.has(row)) wrong.push(`${table} shows ${who} a row it must not: ${row.slice(0, 300)}`);
        for (const row of expected)
          if (!seen.has(row)) wrong.push(`${table} hides from ${who} a row of its own: ${row.slice(0, 300)}`);
      }
    expect(wrong, wrong.slice(0, 30).join('\n')).toEqual([]);
  });

  it('refuses a row of B written in A’s scope, and a row of A moved to B; B’s rows are out of A’s reach', async () => {
    const wrong: string[] = [];
    for (const [table, rule] of rules) {
      const columns = (
        await t.db.query<{ name: string }>(
          `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' AND attidentity <> 'a' ORDER BY attnum`,
          [table],
        )
      ).map((row) => row.name);
      const list = columns.map(ident).join(', ');
      const bRow = await ownRow(table, B);
      const copy = 'id' in bRow ? { ...bRow, id: 2_000_000_000 } : bRow;
      const aRow = await ownRow(table, A);
      const to = 'owner' in rule ? (await ownRow(rule.owner, B)).id : B;
      const row = (value: Row) => `to_jsonb(x) = ${literal(JSON.stringify(value))}::jsonb`;
      const writes = {
        'a copy of a row of B inserted': `INSERT INTO ${ident(table)} (${list}) SELECT ${list} FROM jsonb_populate_record(NULL::${ident(table)}, ${literal(JSON.stringify(copy))}::jsonb)`,
        // The structures themselves do not move.
        ...(rule.column === 'id'
          ? {}
          : {
              'a row of A moved to B': `UPDATE ${ident(table)} x SET ${ident(rule.column)} = ${Number(to)} WHERE ${row(aRow)}`,
            }),
      };
      for (const [what, write] of Object.entries(writes)) {
        const answer = await attempt(`${write} RETURNING 1`);
        if (!refusedByPostgres(answer))
          wrong.push(`${table}: ${what} in A's scope was not refused (${JSON.stringify(answer)})`);
        const alone = await policiesAlone(table, write);
        if (alone !== '42501')
          wrong.push(`${table}: ${what} in A's scope, its triggers off, was not refused by a policy (${alone})`);
      }
      const updated = await attempt(
        `UPDATE ${ident(table)} x SET ${ident(columns[0])} = x.${ident(columns[0])} WHERE ${row(bRow)} RETURNING 1`,
      );
      const deleted = await attempt(`DELETE FROM ${ident(table)} x WHERE ${row(bRow)} RETURNING 1`);
      // Refused outright (a table only its triggers write, the audit log) is out of reach too.
      if ((updated.rows ?? 0) !== 0 || (deleted.rows ?? 0) !== 0)
        wrong.push(
          `${table}: B's row reached from A's scope (update ${JSON.stringify(updated)}, delete ${JSON.stringify(deleted)})`,
        );
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});
