import { Readable } from 'node:stream';
import { CSV_BOM, csvCell, csvLine } from '../../src/domain/csvExport.ts';
import type { Database } from '../db/database.ts';
import { runInScope, type Scope } from '../db/scope.ts';
import { ident, Params } from '../shared/sql.ts';
import { parseListQuery, type ListQuery, type QueryValues } from './listQuery.ts';
import { afterKeySql, orderBySql, orderKeyOf, orderKeysSelect } from './listOrder.ts';
import { mapPgError } from './pgErrors.ts';
import type { SchemaInfo } from './schemaInfo.ts';
import { itemJsonSql } from './serialize.ts';
import type { FieldType, ResourceDeclaration } from './types.ts';

/**
 * Rows read per statement: the most an export holds in memory at once, whatever the list's length. Each
 * batch is its own short statement (no transaction, no connection held between batches): an export never
 * keeps a pooled connection, nor PGlite's single one, while its client reads slowly.
 */
export const EXPORT_BATCH_ROWS = 1000;

interface ExportColumn {
  name: string;
  cell: (value: unknown) => string;
}

const idOfIri = (value: unknown) => (typeof value === 'string' ? value.slice(value.lastIndexOf('/') + 1) : '');

/** Any API value as a cell: texts guarded, numbers and flags as JSON writes them, a summary by its name. */
function plainCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return csvCell(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return csvCell(value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', '));
  const name = (value as { name?: unknown }).name;
  return typeof name === 'string' ? csvCell(name) : csvCell(JSON.stringify(value));
}

/** How a field's API value reads in a spreadsheet: a reference as its id (or its name when embedded). */
function cellOf(type: FieldType): (value: unknown) => string {
  switch (type.kind) {
    case 'relation':
      return type.embedded ? plainCell : (value) => idOfIri(value);
    case 'relations':
    case 'children':
      return (value) => (Array.isArray(value) ? value.map(idOfIri).join(', ') : '');
    case 'json':
      return (value) => (value === null || value === undefined ? '' : csvCell(JSON.stringify(value)));
    default:
      return plainCell;
  }
}

/**
 * The columns of a resource's export: the fields its list answers, in the contract's order (a write-only
 * field, a password, is never read, so never exported), named as the API names them.
 */
export function exportColumns(declaration: ResourceDeclaration): ExportColumn[] {
  return [
    { name: 'id', cell: plainCell },
    ...Object.entries(declaration.fields)
      .filter(([, field]) => !field.writeOnly)
      .map(([name, field]) => ({ name, cell: cellOf(field.type) })),
    { name: 'createdAt', cell: plainCell },
    { name: 'updatedAt', cell: plainCell },
  ];
}

/**
 * A list's whole filtered result as CSV: the same conditions as the list's pages (the session's structure,
 * its own rows, the filters; row-level security under them), in the same order, read in keyset batches of
 * EXPORT_BATCH_ROWS and written as they come. Rows written while an export runs may or may not be in it, as
 * with paging through the list; none is sent twice unless a write moves it in the order past the batch being read.
 */
export class ListExport {
  private readonly list: ListQuery;
  private readonly whereSql: string;

  constructor(
    private readonly db: Database,
    private readonly schema: SchemaInfo,
    private readonly declaration: ResourceDeclaration,
    query: QueryValues,
    scope: string[],
  ) {
    this.list = parseListQuery(declaration, query, schema, scope);
    this.whereSql = this.list.where.length > 0 ? this.list.where.join(' AND ') : 'true';
  }

  /** The rows the export would send, counted up to `limit + 1` at most (enough to refuse beyond the limit). */
  async countUpTo(limit: number): Promise<number> {
    try {
      const [row] = await this.db.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM (SELECT 1 FROM ${ident(this.declaration.table)} t WHERE ${this.whereSql} LIMIT ${Number(limit) + 1}) s`,
        this.list.params.values,
      );
      return Number(row.n);
    } catch (error) {
      throw mapPgError(error, this.declaration, 'read');
    }
  }

  private async batch(key: readonly (string | null)[] | undefined) {
    const params = new Params();
    params.values.push(...this.list.params.values);
    const columns = this.schema.get(this.declaration.table);
    const sqlTypeOf = (column: string) => columns?.get(column)?.sqlType ?? 'text';
    const conditions = [this.whereSql];
    if (key) conditions.push(afterKeySql(this.list, key, params, sqlTypeOf));
    return this.db.query<Record<string, string | null>>(
      `SELECT ${orderKeysSelect(this.list)}, (${itemJsonSql(this.declaration, 'json')})::text AS "__item"
         FROM ${ident(this.declaration.table)} t
        WHERE ${conditions.join(' AND ')}
        ORDER BY ${orderBySql(this.list)}
        LIMIT ${EXPORT_BATCH_ROWS}`,
      params.values,
    );
  }

  /** The file: BOM, header line, then one chunk of lines per batch, read only as fast as the client takes them. */
  stream(scope: Scope | undefined): Readable {
    const columns = exportColumns(this.declaration);
    const list = this.list;
    // The statements of a stream run after the handler returned: they carry the request's scope themselves.
    const inScope = <T>(work: () => Promise<T>) => (scope ? runInScope(scope, work) : work());
    const batch = (key: (string | null)[] | undefined) => this.batch(key);
    const declaration = this.declaration;
    async function* lines() {
      yield CSV_BOM + csvLine(columns.map((column) => csvCell(column.name)));
      let key: (string | null)[] | undefined;
      for (;;) {
        let rows: Record<string, string | null>[];
        try {
          rows = await inScope(() => batch(key));
        } catch (error) {
          throw mapPgError(error, declaration, 'read');
        }
        if (rows.length === 0) return;
        let chunk = '';
        for (const row of rows) {
          const item = JSON.parse(row.__item as string) as Record<string, unknown>;
          chunk += csvLine(columns.map((column) => column.cell(item[column.name])));
        }
        yield chunk;
        if (rows.length < EXPORT_BATCH_ROWS) return;
        key = orderKeyOf(list, rows[rows.length - 1]);
      }
    }
    return Readable.from(lines(), { objectMode: false });
  }
}
