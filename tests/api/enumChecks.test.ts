import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_PART_TYPES } from '../../src/domain/chapterParts.ts';
import { LOCALES } from '../../src/domain/contracts/users.ts';
import { TICKET_STATUSES } from '../../src/domain/contracts/tickets.ts';
import { ROLES } from '../../src/domain/roles.ts';
import { PLAN_PERIODS, SUBSCRIPTION_STATUSES } from '../../src/domain/onboarding.ts';
import { applyDerivedSchema } from '../../server/resources/derivedSchema.ts';
import { declarations } from '../../server/resources/definitions/index.ts';
import { columnOf } from '../../server/resources/types.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The SQL holds the domain's enumerations as the domain says them: every column that stores one (a declared
 * resource's enum or listed field, a ticket message's status) has exactly one check on it alone, listing the
 * domain's values, read back from PostgreSQL's catalogue; and every declared resource's table keeps its row
 * counts. Neither comes from a migration any more: start-up derives both (server/resources/derivedSchema.ts).
 */

let t: TestApp;
let rewrittenOverUnchangedDomain: boolean | undefined;
beforeAll(async () => {
  // The start-up again, as the tables' owner, over the template that the first start-up prepared.
  t = await createTestApp({
    prepare: async (db) => {
      rewrittenOverUnchangedDomain = await applyDerivedSchema(db);
    },
  });
});
afterAll(async () => {
  await t?.close();
});

interface ColumnCheck {
  table: string;
  column: string;
  definition: string;
}

/** The checks on one column alone, as PostgreSQL prints them. */
async function columnChecks(): Promise<ColumnCheck[]> {
  return t.db.query<ColumnCheck>(
    `SELECT c.relname AS table, a.attname AS column, pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid AND c.relnamespace = 'public'::regnamespace
       JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
      WHERE k.contype = 'c' AND cardinality(k.conkey) = 1`,
  );
}

/** The values a check's definition lists, in its order: quoted texts, or bare numbers. */
function listedValues(definition: string): (string | number)[] {
  // One value prints as `(type = 'xmind'::text)`, several as `= ANY (ARRAY[...])`.
  const list = /ARRAY\[(.*)\]/.exec(definition)?.[1] ?? /= (.*)\)$/.exec(definition)?.[1];
  if (list === undefined) return [];
  return [...list.matchAll(/'((?:[^']|'')*)'|(-?\d+)/g)].map(([, text, number]) =>
    text !== undefined ? text.replace(/''/g, "'") : Number(number),
  );
}

/** What the domain says, read from the declarations' fields and the domain's lists, not from the generator. */
function domainEnumColumns(): Map<string, readonly (string | number)[]> {
  const expected = new Map<string, readonly (string | number)[]>();
  for (const declaration of declarations)
    for (const [name, field] of Object.entries(declaration.fields)) {
      const values = field.type.kind === 'enum' || field.type.kind === 'stringList' ? field.type.values : undefined;
      if (values) expected.set(`${declaration.table}.${columnOf(name, field)}`, values);
    }
  expected.set('ticket_messages.status', TICKET_STATUSES);
  expected.set('subscriptions.period', PLAN_PERIODS);
  expected.set('subscriptions.status', SUBSCRIPTION_STATUSES);
  return expected;
}

describe("the SQL's enumerations", () => {
  it('are the domain’s, column by column, with nothing else checking those columns', async () => {
    const checks = await columnChecks();
    const expected = domainEnumColumns();
    // The facts the issue names are among them.
    expect(expected.get('chapter_parts.type')).toEqual(CHAPTER_PART_TYPES);
    expect(expected.get('tickets.status')).toEqual(TICKET_STATUSES);
    expect(expected.get('users.locale')).toEqual(LOCALES);
    expect(expected.get('users.roles')).toEqual(ROLES);
    for (const [where, values] of expected) {
      const [table, column] = where.split('.');
      const onColumn = checks.filter((check) => check.table === table && check.column === column);
      expect(
        onColumn.map((check) => listedValues(check.definition)),
        `${where} is checked against the domain's values (server/resources/derivedSchema.ts)`,
      ).toEqual([[...values]]);
    }
  });

  it('follow the domain at the next start-up, and refuse a value the domain does not have', async () => {
    // A start-up over an unchanged domain writes nothing; the check refuses what the domain lacks.
    expect(rewrittenOverUnchangedDomain).toBe(false);
    const [part] = await t.db.query<{ id: number }>('SELECT id FROM chapter_parts ORDER BY id LIMIT 1');
    await expect(
      t.db.query(`UPDATE chapter_parts SET type = 'undeclared_part' WHERE id = $1`, [part.id]),
    ).rejects.toThrow(/chapter_parts_type_check/);
  });

  it('keep row counts for every declared resource’s table, counting the rows it had', async () => {
    const counted = declarations.filter((declaration) => declaration.rowCounts !== false);
    for (const table of new Set(counted.map((declaration) => declaration.table))) {
      const [row] = await t.db.query<{ counted: number | null; n: number }>(
        `SELECT (SELECT n FROM row_counts WHERE table_name = $1)::int AS counted, count(*)::int AS n FROM ${table}`,
        [table],
      );
      expect(row.counted, `row_counts of ${table} (installed at start-up by derivedSchema.ts)`).toBe(row.n);
    }
  });
});
