import type { Queryable } from '../db/database.ts';

/**
 * The schema's single-column foreign keys and the columns a row is written with, read from PostgreSQL's
 * catalogue: what a delete takes with it (ON DELETE CASCADE) or leaves pointing at nothing (SET NULL) is
 * found from them, for every table a later migration adds too.
 */
export interface ForeignKey {
  /** The table holding the reference, its column and that column's SQL type. */
  table: string;
  column: string;
  type: string;
  /** The table and column pointed at. */
  references: string;
  referencedColumn: string;
  /** PostgreSQL's `confdeltype`: c cascade, n set null, d set default, r restrict, a no action. */
  onDelete: 'c' | 'n' | 'd' | 'r' | 'a';
}

export interface SchemaCatalogue {
  foreignKeys: ForeignKey[];
  /** A table's columns a row is inserted with (not generated), in their order. */
  columns: Map<string, string[]>;
}

export async function readCatalogue(db: Queryable): Promise<SchemaCatalogue> {
  const foreignKeys = await db.query<ForeignKey>(
    `SELECT child.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
            parent.relname AS references, fa.attname AS "referencedColumn", c.confdeltype AS "onDelete"
       FROM pg_constraint c
       JOIN pg_class child ON child.oid = c.conrelid
       JOIN pg_class parent ON parent.oid = c.confrelid
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       JOIN pg_attribute fa ON fa.attrelid = c.confrelid AND fa.attnum = c.confkey[1]
      WHERE c.contype = 'f' AND cardinality(c.conkey) = 1 AND c.connamespace = 'public'::regnamespace
      ORDER BY child.relname, a.attnum`,
  );
  const rows = await db.query<{ table: string; column: string }>(
    `SELECT c.relname AS table, a.attname AS column
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND a.attnum > 0
        AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY c.relname, a.attnum`,
  );
  const columns = new Map<string, string[]>();
  for (const row of rows) columns.set(row.table, [...(columns.get(row.table) ?? []), row.column]);
  return { foreignKeys, columns };
}

/**
 * The tables in an order where each comes after the tables it references (a self-reference aside), the
 * order given breaking ties: the order rows are inserted in.
 */
export function insertionOrder(tables: readonly string[], foreignKeys: readonly ForeignKey[]): string[] {
  const among = new Set(tables);
  const ordered: string[] = [];
  const placed = new Set<string>();
  const needs = (table: string) =>
    foreignKeys.filter((key) => key.table === table && key.references !== table && among.has(key.references));
  while (ordered.length < tables.length) {
    const next =
      tables.find((table) => !placed.has(table) && needs(table).every((key) => placed.has(key.references))) ??
      // A cycle between tables (none in this schema): the first one left, its references checked on insert.
      tables.find((table) => !placed.has(table))!;
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}
