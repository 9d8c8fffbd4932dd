import { Readable } from 'node:stream';
import { CSV_BOM, csvCell, csvLine } from '../../src/domain/csvExport.ts';
import {
  CSV_LIST_SEPARATOR,
  frenchChoice,
  frenchDateTime,
  frenchHeader,
  FRENCH_NO,
  FRENCH_YES,
  type CsvFormat,
} from '../../src/domain/csvFrench.ts';
import type { Database } from '../db/database.ts';
import { runInScope, type Scope } from '../db/scope.ts';
import { ident, literal, Params } from '../shared/sql.ts';
import { parseListQuery, type ListQuery, type QueryValues } from './listQuery.ts';
import { afterKeySql, orderBySql, orderKeyOf, orderKeysSelect } from './listOrder.ts';
import { mapPgError } from './pgErrors.ts';
import type { SchemaInfo } from './schemaInfo.ts';
import { itemJsonSql } from './serialize.ts';
import { columnOf, type FieldType, type ResourceDeclaration } from './types.ts';
import { declarationsByName } from './definitions/index.ts';

/**
 * Rows read per statement: the most an export holds in memory at once, whatever the list's length. Each
 * batch is its own short statement (no transaction, no connection held between batches): an export never
 * keeps a pooled connection, nor PGlite's single one, while its client reads slowly.
 */
export const EXPORT_BATCH_ROWS = 1000;

interface ExportColumn {
  name: string;
  header: string;
  /** The cell of a row's item (the API's JSON) and of its references' names (the French format's). */
  cell: (value: unknown, names: unknown) => string;
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

/** How a field's API value reads for a program: a reference as its id (or its name when embedded). */
function apiCellOf(type: FieldType): (value: unknown) => string {
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

const isReference = (type: FieldType) =>
  (type.kind === 'relation' && !type.embedded) || type.kind === 'relations' || type.kind === 'children';

/** How a field's value reads for a French user: labels, Oui/Non, Paris dates, references by name. */
function frenchCellOf(name: string, type: FieldType): (value: unknown, names: unknown) => string {
  // A value the row does not store reads as what the contract says it is (a learner's state: its label).
  if (type.kind === 'computed' && type.value) return frenchCellOf(name, type.value);
  if (isReference(type))
    return (_value, names) =>
      Array.isArray(names) ? csvCell(names.join(CSV_LIST_SEPARATOR)) : names == null ? '' : csvCell(String(names));
  const group = (type.kind === 'enum' || type.kind === 'stringList' ? type.choiceGroup : undefined) ?? name;
  switch (type.kind) {
    case 'boolean':
      return (value) => (value === true ? FRENCH_YES : value === false ? FRENCH_NO : '');
    case 'datetime':
      return (value) => (typeof value === 'string' ? csvCell(frenchDateTime(value)) : '');
    case 'enum':
      return (value) =>
        typeof value === 'string' || typeof value === 'number' ? csvCell(frenchChoice(group, value)) : '';
    case 'stringList':
      return (value) =>
        Array.isArray(value)
          ? csvCell(
              value.map((item) => (type.values ? frenchChoice(group, item) : String(item))).join(CSV_LIST_SEPARATOR),
            )
          : '';
    default:
      return apiCellOf(type);
  }
}

const DATES: readonly { name: string; type: FieldType }[] = [
  { name: 'createdAt', type: { kind: 'datetime' } },
  { name: 'updatedAt', type: { kind: 'datetime' } },
];

/**
 * The columns of a resource's export: `id`, the fields its list answers in the contract's order (a
 * write-only field, a password, is never read, so never exported), then its dates. Headers are the API's
 * names in the `api` format, the screens' labels in the French one.
 */
export function exportColumns(declaration: ResourceDeclaration, format: CsvFormat = 'api'): ExportColumn[] {
  const fields = [
    { name: 'id', type: { kind: 'integer' } as FieldType },
    ...Object.entries(declaration.fields)
      .filter(([, field]) => !field.writeOnly)
      .map(([name, field]) => ({ name, type: field.type })),
    ...DATES,
  ];
  return fields.map(({ name, type }) =>
    format === 'api'
      ? { name, header: name, cell: apiCellOf(type) }
      : { name, header: frenchHeader(declaration.name, name), cell: frenchCellOf(name, type) },
  );
}

/** Fields that name a record in one line, the first its resource has (a user: their display name). */
const NAMING_FIELDS = ['name', 'title', 'label', 'subject', 'code'];

/** The SQL of the one-line name of the record `idSql` of `resource`, readable or not (its id, then). */
function nameSql(resource: string, idSql: string): string {
  if (resource === 'users') return `coalesce(user_display_name(${idSql}), ${idSql}::text)`;
  const target = declarationsByName.get(resource);
  const naming = target && NAMING_FIELDS.find((field) => target.fields[field]?.type.kind === 'string');
  if (!target || !naming) return `${idSql}::text`;
  const column = ident(columnOf(naming, target.fields[naming]));
  return `coalesce((SELECT n.${column} FROM ${ident(target.table)} n WHERE n.id = ${idSql}), ${idSql}::text)`;
}

/** The names of a row's references (row alias `t`), as one JSON object by field, for the French format. */
function referenceNamesSql(declaration: ResourceDeclaration): string | undefined {
  const pairs: string[] = [];
  for (const [name, field] of Object.entries(declaration.fields)) {
    const type = field.type;
    if (field.writeOnly || !isReference(type)) continue;
    let value: string;
    if (type.kind === 'relation') value = nameSql(type.resource, `t.${ident(columnOf(name, field))}`);
    else if (type.kind === 'relations')
      value = `ARRAY(SELECT ${nameSql(type.resource, `j.${ident(type.otherColumn)}`)} FROM ${ident(type.joinTable)} j
                 WHERE j.${ident(type.ownColumn)} = t.id ORDER BY 1)`;
    else if (type.kind === 'children')
      value = `ARRAY(SELECT ${nameSql(type.resource, 'c.id')} FROM ${ident(type.table)} c
                 WHERE c.${ident(type.foreignKey)} = t.id ORDER BY c.${ident(type.orderBy)}, c.id)`;
    else continue;
    pairs.push(`${literal(name)}, ${value}`);
  }
  return pairs.length > 0 ? `json_build_object(${pairs.join(',\n  ')})` : undefined;
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
    private readonly format: CsvFormat = 'api',
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
    const names = this.format === 'fr' ? referenceNamesSql(this.declaration) : undefined;
    return this.db.query<Record<string, string | null>>(
      `SELECT ${orderKeysSelect(this.list)}, (${itemJsonSql(this.declaration, 'json')})::text AS "__item"${
        names ? `, (${names})::text AS "__names"` : ''
      }
         FROM ${ident(this.declaration.table)} t
        WHERE ${conditions.join(' AND ')}
        ORDER BY ${orderBySql(this.list)}
        LIMIT ${EXPORT_BATCH_ROWS}`,
      params.values,
    );
  }

  /** The file: BOM, header line, then one chunk of lines per batch, read only as fast as the client takes them. */
  stream(scope: Scope | undefined): Readable {
    const columns = exportColumns(this.declaration, this.format);
    const list = this.list;
    // The statements of a stream run after the handler returned: they carry the request's scope themselves.
    const inScope = <T>(work: () => Promise<T>) => (scope ? runInScope(scope, work) : work());
    const batch = (key: (string | null)[] | undefined) => this.batch(key);
    const declaration = this.declaration;
    async function* lines() {
      yield CSV_BOM + csvLine(columns.map((column) => csvCell(column.header)));
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
          const names = (row.__names ? JSON.parse(row.__names) : {}) as Record<string, unknown>;
          chunk += csvLine(columns.map((column) => column.cell(item[column.name], names[column.name])));
        }
        yield chunk;
        if (rows.length < EXPORT_BATCH_ROWS) return;
        key = orderKeyOf(list, rows[rows.length - 1]);
      }
    }
    return Readable.from(lines(), { objectMode: false });
  }
}
