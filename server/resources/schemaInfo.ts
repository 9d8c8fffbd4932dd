import type { Queryable } from '../db/database.ts';
import { columnOf, type ResourceDeclaration } from './types.ts';

export interface ColumnInfo {
  nullable: boolean;
  /** The PostgreSQL type name to cast a text parameter to, e.g. `timestamptz`, `int4`, `text`. */
  sqlType: string;
}

export type SchemaInfo = ReadonlyMap<string, ReadonlyMap<string, ColumnInfo>>;

/**
 * Reads column types and nullability from the database itself, so declarations never restate them,
 * and fails at start-up when a declaration names a column the schema does not have.
 */
export async function loadSchemaInfo(db: Queryable, declarations: readonly ResourceDeclaration[]): Promise<SchemaInfo> {
  const rows = await db.query<{ table_name: string; column_name: string; is_nullable: string; udt_name: string }>(
    `SELECT table_name, column_name, is_nullable, udt_name
       FROM information_schema.columns
      WHERE table_schema = current_schema()`,
  );
  const info = new Map<string, Map<string, ColumnInfo>>();
  for (const row of rows) {
    const table = info.get(row.table_name) ?? new Map<string, ColumnInfo>();
    table.set(row.column_name, { nullable: row.is_nullable === 'YES', sqlType: row.udt_name });
    info.set(row.table_name, table);
  }
  const missing: string[] = [];
  for (const declaration of declarations) {
    const table = info.get(declaration.table);
    if (!table) {
      missing.push(declaration.table);
      continue;
    }
    for (const [name, field] of Object.entries(declaration.fields)) {
      const kind = field.type.kind;
      if (kind === 'computed' || kind === 'relations' || kind === 'children' || kind === 'polymorphic') continue;
      if (!table.has(columnOf(name, field))) missing.push(`${declaration.table}.${columnOf(name, field)}`);
    }
  }
  if (missing.length > 0) throw new Error(`Declarations name columns the schema lacks: ${missing.join(', ')}`);
  return info;
}
