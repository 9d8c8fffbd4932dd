import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/seed/demo.ts';
import { declarations, declarationsByName } from '../../server/resources/definitions/index.ts';
import { catalogueRowsSql, structureColumnOf } from '../../server/resources/tenancy.ts';
import { JSON_REFERENCES, jsonDocumentIdSql } from '../../server/routes/documents.ts';
import { ident } from './support/schema.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The demo data is a multi-tenant platform: several structures with their people and content, beside the
 * catalogue, and no row of the seed points at another structure's row. Which tables hold a structure, and
 * which references join them, is read from the live schema; which rows every structure reads (the
 * catalogue), from the tenancy model (src/domain/rights.ts).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A table's structure column: `company_id`, or the structures' own id for the structures themselves. */
async function structureColumns(): Promise<Map<string, string>> {
  const rows = await t.db.query<{ table_name: string }>(
    `SELECT c.relname AS table_name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
        AND a.attname = 'company_id' AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  const columns = new Map(rows.map((row) => [row.table_name, 'company_id']));
  for (const declaration of declarations) {
    const tenancy = declaration.access.tenancy;
    if (tenancy.rows !== 'platform') columns.set(declaration.table, structureColumnOf(tenancy));
  }
  return columns;
}

/** The tenancy of a table's rows when it is a resource's. */
const tenancyOf = (table: string) => declarations.find((declaration) => declaration.table === table)?.access.tenancy;

/** SQL on `alias`: the row is the catalogue's, which every structure reads (of documents: course content only). */
function catalogueRow(table: string, alias: string): string {
  const tenancy = tenancyOf(table);
  return (tenancy && catalogueRowsSql(tenancy, alias)) ?? 'false';
}

interface Reference {
  name: string;
  source: string;
  target: string;
  /** The join of `s` (the referring row) and `d` (the row referred to). */
  from: string;
  /** SQL naming the referring row in a failure. */
  row: string;
}

/**
 * A reference from a row of `source` (alias `s`) to a row of `target` (alias `d`) crosses structures when
 * the source is a structure's and the target another structure's, or the platform's but not the catalogue;
 * or when the source is the catalogue, which every structure reads, and the target a structure's.
 */
function crossing(reference: Reference, columns: ReadonlyMap<string, string>): string {
  const own = `s.${ident(columns.get(reference.source) ?? '')}`;
  const other = `d.${ident(columns.get(reference.target) ?? '')}`;
  return `SELECT ${reference.row} AS referring, ${own} AS own, ${other} AS other
            FROM ${reference.from}
           WHERE (${own} IS NOT NULL AND ${other} IS DISTINCT FROM ${own} AND NOT (${catalogueRow(reference.target, 'd')}))
              OR ((${catalogueRow(reference.source, 's')}) AND ${other} IS NOT NULL)
           ORDER BY 1 LIMIT 5`;
}

async function crossings(references: readonly Reference[], columns: ReadonlyMap<string, string>) {
  const found: { reference: string; rows: unknown[] }[] = [];
  for (const reference of references) {
    const rows = await t.db.query(crossing(reference, columns));
    if (rows.length > 0) found.push({ reference: reference.name, rows });
  }
  return found;
}

describe('the demo seed', () => {
  it('keeps every foreign key between two structures’ tables within one structure (or to the catalogue)', async () => {
    const columns = await structureColumns();
    const keys = await t.db.query<{ source: string; column_name: string; target: string; target_column: string }>(
      `SELECT c.conrelid::regclass::text AS source, a.attname AS column_name,
              c.confrelid::regclass::text AS target, ta.attname AS target_column
         FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
         JOIN pg_attribute ta ON ta.attrelid = c.confrelid AND ta.attnum = c.confkey[1]
        WHERE c.contype = 'f' AND cardinality(c.conkey) = 1 AND c.connamespace = current_schema()::regnamespace
        ORDER BY 1, 2`,
    );
    const references = keys
      // A row's own structure column names its structure: it crosses nothing.
      .filter(
        (key) => columns.has(key.source) && columns.has(key.target) && key.column_name !== columns.get(key.source),
      )
      .map((key): Reference => ({
        name: `${key.source}.${key.column_name} → ${key.target}`,
        source: key.source,
        target: key.target,
        from: `${ident(key.source)} s JOIN ${ident(key.target)} d ON d.${ident(key.target_column)} = s.${ident(key.column_name)}`,
        row: `to_jsonb(s) ->> 'id'`,
      }));
    // The structures' tables are many and linked: a schema read wrongly would check nothing.
    expect(references.length).toBeGreaterThan(20);
    expect(references.map((reference) => reference.name)).toContain('participations.course_id → courses');
    expect(await crossings(references, columns)).toEqual([]);
  });

  it('keeps the to-many links (tags, skills) within the owner’s structure or the catalogue', async () => {
    const columns = await structureColumns();
    const references = new Map<string, Reference>();
    for (const declaration of declarations) {
      for (const field of Object.values(declaration.fields)) {
        if (field.type.kind !== 'relations') continue;
        const target = declarationsByName.get(field.type.resource);
        if (!target || !columns.has(declaration.table) || !columns.has(target.table)) continue;
        const { joinTable, ownColumn, otherColumn } = field.type;
        references.set(joinTable, {
          name: `${joinTable}: ${declaration.table} → ${target.table}`,
          source: declaration.table,
          target: target.table,
          from: `${ident(joinTable)} x JOIN ${ident(declaration.table)} s ON s.id = x.${ident(ownColumn)} JOIN ${ident(target.table)} d ON d.id = x.${ident(otherColumn)}`,
          row: `s.id || ' → ' || d.id`,
        });
      }
    }
    expect([...references.keys()]).toEqual(expect.arrayContaining(['course_tags', 'course_skills', 'module_tags']));
    expect(await crossings([...references.values()], columns)).toEqual([]);
  });

  it('keeps the documents named in JSON (parts’ contents, answers) within the row’s structure or the catalogue', async () => {
    const columns = await structureColumns();
    const references = JSON_REFERENCES.map(([table, column]): Reference => ({
      name: `${table}.${column}.document → documents`,
      source: table,
      target: 'documents',
      from: `${ident(table)} s JOIN documents d ON d.id = ${jsonDocumentIdSql('s', ident(column))}`,
      row: 's.id',
    }));
    expect(await crossings(references, columns)).toEqual([]);
    for (const [table, column] of JSON_REFERENCES) {
      const [{ named, dangling }] = await t.db.query<{ named: number; dangling: number }>(
        `SELECT count(*)::int AS named, count(*) FILTER (WHERE d.id IS NULL)::int AS dangling
           FROM ${ident(table)} s LEFT JOIN documents d ON d.id = ${jsonDocumentIdSql('s', ident(column))}
          WHERE ${jsonDocumentIdSql('s', ident(column))} IS NOT NULL`,
      );
      expect(named, `${table} names documents`).toBeGreaterThan(0);
      expect(dangling, `${table} names no missing document`).toBe(0);
    }
  });

  it('holds at least two structures with administrators, contributors, learners, tickets, documents and their own courses', async () => {
    const structures = await t.db.query<{
      name: string;
      admins: number;
      contributors: number;
      learners: number;
      tickets: number;
      documents: number;
      courses: number;
    }>(
      `SELECT c.name,
              (SELECT count(*) FROM users u WHERE u.company_id = c.id AND 'ROLE_ADMIN' = ANY (u.roles))::int AS admins,
              (SELECT count(*) FROM users u WHERE u.company_id = c.id AND u.type = 'contributor')::int AS contributors,
              (SELECT count(DISTINCT p.user_id) FROM participations p WHERE p.company_id = c.id)::int AS learners,
              (SELECT count(*) FROM tickets k WHERE k.company_id = c.id AND EXISTS (SELECT 1 FROM ticket_messages m WHERE m.ticket_id = k.id))::int AS tickets,
              (SELECT count(*) FROM documents d WHERE d.company_id = c.id)::int AS documents,
              (SELECT count(*) FROM courses k WHERE k.company_id = c.id)::int AS courses
         FROM companies c ORDER BY c.id`,
    );
    const peopled = structures.filter(
      (s) => s.admins > 0 && s.contributors > 0 && s.learners > 0 && s.tickets > 0 && s.documents > 0 && s.courses > 0,
    );
    expect(
      peopled.map((structure) => structure.name),
      JSON.stringify(structures),
    ).toEqual(expect.arrayContaining(['Académie Démo', 'Transports Morel']));
    const [{ catalogue }] = await t.db.query<{ catalogue: number }>(
      'SELECT count(*)::int AS catalogue FROM courses WHERE company_id IS NULL',
    );
    expect(catalogue).toBeGreaterThan(0);
  });

  it('puts each demo account in the structure it is listed with', async () => {
    const rows = await t.db.query<{ email: string; structure: string | null }>(
      `SELECT u.email, c.name AS structure FROM users u LEFT JOIN companies c ON c.id = u.company_id WHERE u.email = ANY ($1::text[])`,
      [DEMO_ACCOUNTS.map((account) => account.email)],
    );
    expect(Object.fromEntries(rows.map((row) => [row.email, row.structure]))).toEqual(
      Object.fromEntries(DEMO_ACCOUNTS.map((account) => [account.email, account.structure])),
    );
  });
});
