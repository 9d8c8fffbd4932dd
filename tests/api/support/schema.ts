import type { Queryable } from '../../../server/db/database.ts';
import { orderColumnOf } from '../../../server/resources/listQuery.ts';
import { columnOf, type FieldDeclaration, type ResourceDeclaration } from '../../../server/resources/types.ts';

/** What the tests read of the live schema, so that expectations come from the database, never from a copy. */

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Fields stored as one column of the resource's own table (what SQL can filter, order and insert). */
export function isStored(field: FieldDeclaration): boolean {
  const kind = field.type.kind;
  return kind !== 'computed' && kind !== 'relations' && kind !== 'children' && kind !== 'polymorphic';
}

export const columnOfField = (declaration: ResourceDeclaration, name: string) => orderColumnOf(declaration, name);
export { columnOf };

export interface TableColumn {
  name: string;
  udt: string;
  nullable: boolean;
  /** A generated column (GENERATED ALWAYS AS ... STORED): the database's to fill, never an insert's. */
  generated: boolean;
}

export async function tableColumns(db: Queryable, table: string): Promise<Map<string, TableColumn>> {
  const rows = await db.query<{ column_name: string; udt_name: string; is_nullable: string; is_generated: string }>(
    `SELECT column_name, udt_name, is_nullable, is_generated FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1`,
    [table],
  );
  return new Map(
    rows.map((row) => [
      row.column_name,
      {
        name: row.column_name,
        udt: row.udt_name,
        nullable: row.is_nullable === 'YES',
        generated: row.is_generated === 'ALWAYS',
      },
    ]),
  );
}

/** Groups of columns of which a CHECK constraint wants exactly one (`= 1`) or at most one (`<= 1`) set. */
export async function oneOfGroups(db: Queryable, table: string): Promise<{ columns: string[]; exactlyOne: boolean }[]> {
  const rows = await db.query<{ def: string }>(
    `SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
      WHERE c.conrelid = $1::regclass AND c.contype = 'c'`,
    [table],
  );
  const groups: { columns: string[]; exactlyOne: boolean }[] = [];
  for (const { def } of rows) {
    const match = /num_nonnulls\(([^)]*)\)\s*(=|<=)\s*1/.exec(def);
    if (match) groups.push({ columns: match[1].split(',').map((part) => part.trim()), exactlyOne: match[2] === '=' });
  }
  return groups;
}

/** The columns a generated `search` column is computed from, in the order its expression names them. */
export async function searchSourceColumns(db: Queryable, table: string): Promise<string[]> {
  const [row] = await db.query<{ expr: string | null }>(
    `SELECT pg_get_expr(d.adbin, d.adrelid) AS expr
       FROM pg_attribute a JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = $1::regclass AND a.attname = 'search'`,
    [table],
  );
  if (!row?.expr) return [];
  const names = [...row.expr.matchAll(/\b([a-z_][a-z0-9_]*)\b/g)].map((match) => match[1]);
  return [...new Set(names)];
}

/** Names of the unique indexes (and unique constraints, which have one) of a table. */
export async function uniqueIndexNames(db: Queryable, table: string): Promise<Set<string>> {
  const rows = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = $1::regclass AND i.indisunique AND NOT i.indisprimary`,
    [table],
  );
  return new Set(rows.map((row) => row.name));
}

export interface IndexInfo {
  name: string;
  method: string;
  /** The first key column's name, or null when the first key is an expression. */
  firstColumn: string | null;
  opclass: string;
  /** The first key's collation, when it sorts in one other than the database's default. */
  collation: string | null;
}

export async function indexesOf(db: Queryable, table: string): Promise<IndexInfo[]> {
  return db.query<IndexInfo>(
    `SELECT ic.relname AS name, am.amname AS method, a.attname AS "firstColumn", oc.opcname AS opclass,
            co.collname AS collation
       FROM pg_index i
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_am am ON am.oid = ic.relam
       LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] AND i.indkey[0] <> 0
       LEFT JOIN pg_opclass oc ON oc.oid = i.indclass[0]
       LEFT JOIN pg_collation co ON co.oid = i.indcollation[0] AND co.collname <> 'default'
      WHERE i.indrelid = $1::regclass`,
    [table],
  );
}
