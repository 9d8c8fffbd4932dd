import {
  DEFAULT_ITEMS_PER_PAGE,
  listParameters,
  MAX_ITEMS_PER_PAGE,
  type ResourceContract,
} from '../../src/domain/contracts/types.ts';
import { badRequest, problem } from '../shared/errors.ts';
import { idFromReference } from './iri.ts';
import type { SchemaInfo } from './schemaInfo.ts';
import { ident, Params } from '../shared/sql.ts';
import { columnOf, type ResourceDeclaration } from './types.ts';
import { TEXT_ORDER_KINDS } from '../../src/domain/textOrder.ts';

export type QueryValues = ReadonlyMap<string, readonly string[]>;

export { DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE };

const allowedByContract = new Map<string, ReadonlySet<string>>();

/** The query parameters a list of the contract takes (listParameters), kept per resource. */
export function allowedParameters(contract: ResourceContract): ReadonlySet<string> {
  let allowed = allowedByContract.get(contract.name);
  if (!allowed) {
    allowed = new Set(listParameters(contract));
    allowedByContract.set(contract.name, allowed);
  }
  return allowed;
}

/**
 * A parameter the list does not take is refused rather than ignored: a filter or an order silently dropped
 * answers rows the client did not ask for, as if they were. The body names the parameter and those allowed.
 */
function refuseUnknownParameters(contract: ResourceContract, query: QueryValues): void {
  const allowed = allowedParameters(contract);
  for (const key of query.keys()) {
    if (allowed.has(key)) continue;
    const order = key.startsWith('order[');
    const choices = [...allowed].filter((name) => name.startsWith('order[') === order);
    throw problem(
      400,
      `"${key}" is not ${order ? 'an order' : 'a parameter'} of ${contract.name}; allowed: ${choices.join(', ')}.`,
      { reason: order ? 'unknown_order' : 'unknown_filter', parameter: key, allowed: choices },
    );
  }
}

export interface OrderColumn {
  column: string;
  direction: 'ASC' | 'DESC';
  /** Whether the column is text, which sorts as a French reader expects. */
  frenchText?: boolean;
}

export interface ListQuery {
  /** SQL conditions on the alias `t`, parameters in `params` (the filter part only). */
  where: string[];
  params: Params;
  order: OrderColumn[];
  page: number;
  itemsPerPage: number;
  /** Whether the order allows keyset pagination: one direction, no nullable column. */
  keysetable: boolean;
  /**
   * Whether a filter reads another table (throughFilters): its count may change with no write to this
   * table, so it is not remembered under this table's write generation.
   */
  readsOtherTables: boolean;
}

/** Parses a query string into keys and all their values, keeping bracketed keys such as `order[email]` whole. */
export function parseQueryString(raw: string): QueryValues {
  const values = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(raw)) {
    const list = values.get(key) ?? [];
    list.push(value);
    values.set(key, list);
  }
  return values;
}

function positiveInteger(values: readonly string[] | undefined, name: string, fallback: number): number {
  const raw = values?.at(-1);
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw badRequest(`"${name}" must be a positive integer.`);
  return Number(raw);
}

/** A page larger than a list serves: refused, not cut short, so that a client never takes a part for the whole. */
export const pageTooLarge = (asked: number) =>
  problem(400, `"itemsPerPage" is at most ${MAX_ITEMS_PER_PAGE}, not ${asked}.`, {
    reason: 'page_too_large',
    parameter: 'itemsPerPage',
    maximum: MAX_ITEMS_PER_PAGE,
  });

const BOOLEAN: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function isoDate(raw: string, name: string): string {
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+)?(Z|[+-]\d{2}:?\d{2})?$/.test(raw) || Number.isNaN(Date.parse(raw)))
    throw badRequest(`"${name}" must be an ISO 8601 date.`);
  return raw;
}

/** The SQL condition of one declared filter, or none when the query does not use it. */
function filterCondition(declaration: ResourceDeclaration, name: string, query: QueryValues, params: Params): string[] {
  if (name === 'q') {
    const words = (query.get('q')?.at(-1) ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
    // The column is folded without accents (migration 0044): so is the word.
    const matches = (alias: string) =>
      words.map((word) => `${alias}.search LIKE search_fold(${params.add(`%${escapeLike(word)}%`)})`);
    const via = declaration.searchVia;
    if (!via || words.length === 0) return matches('t');
    // The pointed rows are found by their own trigram index, then this table's rows by their column.
    return [`t.${ident(via.column)} IN (SELECT s.id FROM ${ident(via.table)} s WHERE ${matches('s').join(' AND ')})`];
  }
  const field = declaration.fields[name];
  const type = field.type;
  const computed = declaration.computedFilters?.[name];
  if (type.kind === 'computed') {
    const raw = [...(query.get(name) ?? []), ...(query.get(`${name}[]`) ?? [])];
    if (raw.length === 0) return [];
    const values = type.value?.kind === 'enum' ? type.value.values.map(String) : undefined;
    if (!computed || !values) throw new Error(`${declaration.name}.${name}: a computed filter needs its condition.`);
    for (const value of raw)
      if (!values.includes(value)) throw badRequest(`"${name}" takes one of ${values.join(', ')}, not "${value}".`);
    return [computed([...new Set(raw)])];
  }
  if (type.kind === 'datetime') {
    const conditions: string[] = [];
    const column = `t.${ident(columnOf(name, field))}`;
    for (const [suffix, operator] of [
      ['after', '>='],
      ['before', '<='],
      ['strictly_after', '>'],
      ['strictly_before', '<'],
    ] as const) {
      const raw = query.get(`${name}[${suffix}]`)?.at(-1);
      if (raw !== undefined)
        conditions.push(`${column} ${operator} ${params.add(isoDate(raw, `${name}[${suffix}]`), 'timestamptz')}`);
    }
    return conditions;
  }
  const raw = [...(query.get(name) ?? []), ...(query.get(`${name}[]`) ?? [])];
  if (raw.length === 0) return [];
  switch (type.kind) {
    case 'relation':
    case 'relations': {
      const ids = raw.map((value) => {
        const id = idFromReference(value, type.resource);
        if (id === undefined) throw badRequest(`"${name}" takes an IRI of ${type.resource} or an id, not "${value}".`);
        return id;
      });
      if (type.kind === 'relation') return [`t.${ident(columnOf(name, field))} = ANY(${params.add(ids, 'int4[]')})`];
      return [
        `EXISTS (SELECT 1 FROM ${ident(type.joinTable)} j WHERE j.${ident(type.ownColumn)} = t.id AND j.${ident(type.otherColumn)} = ANY(${params.add(ids, 'int4[]')}))`,
      ];
    }
    case 'boolean': {
      const flags = raw.map((value) => {
        if (!(value in BOOLEAN)) throw badRequest(`"${name}" takes true or false, not "${value}".`);
        return BOOLEAN[value];
      });
      return [`t.${ident(columnOf(name, field))} = ANY(${params.add(flags, 'bool[]')})`];
    }
    case 'integer':
    case 'enum': {
      const numeric = type.kind === 'integer' || typeof type.values[0] === 'number';
      if (numeric) {
        const numbers = raw.map((value) => {
          if (!/^-?\d{1,9}$/.test(value)) throw badRequest(`"${name}" takes an integer, not "${value}".`);
          return Number(value);
        });
        return [`t.${ident(columnOf(name, field))} = ANY(${params.add(numbers, 'int4[]')})`];
      }
      return [`t.${ident(columnOf(name, field))} = ANY(${params.add(raw, 'text[]')})`];
    }
    default:
      return [`t.${ident(columnOf(name, field))} = ANY(${params.add(raw, 'text[]')})`];
  }
}

export function orderColumnOf(declaration: ResourceDeclaration, name: string): string {
  if (name === 'id') return 'id';
  if (name === 'createdAt') return 'created_at';
  if (name === 'updatedAt') return 'updated_at';
  return columnOf(name, declaration.fields[name]);
}

/** How a list orders by a field: its column, and for text, the collation a French reader expects. */
export function orderPartOf(declaration: ResourceDeclaration, name: string, direction: 'ASC' | 'DESC'): OrderColumn {
  const kind = declaration.fields[name]?.type.kind;
  const part: OrderColumn = { column: orderColumnOf(declaration, name), direction };
  return kind && TEXT_ORDER_KINDS.has(kind) ? { ...part, frenchText: true } : part;
}

export function parseListQuery(
  declaration: ResourceDeclaration,
  query: QueryValues,
  schema: SchemaInfo,
  scope: string[] = [],
): ListQuery {
  for (const [key, values] of query)
    if (values.some((value) => value.includes('\u0000'))) throw badRequest(`"${key}" contains a NUL character.`);
  refuseUnknownParameters(declaration.contract, query);
  const params = new Params();
  const where = [...scope];
  let readsOtherTables = false;
  for (const name of declaration.filters) where.push(...filterCondition(declaration, name, query, params));
  for (const [name, through] of Object.entries(declaration.throughFilters ?? {})) {
    const raw = [...(query.get(name) ?? []), ...(query.get(`${name}[]`) ?? [])];
    if (raw.length === 0) continue;
    const ids = raw.map((value) => {
      const id = idFromReference(value, through.resource);
      if (id === undefined) throw badRequest(`"${name}" takes an IRI of ${through.resource} or an id, not "${value}".`);
      return id;
    });
    where.push(through.condition(params.add(ids, 'int4[]')));
    readsOtherTables = true;
  }
  for (const [name, condition] of Object.entries(declaration.defaultFilters ?? {})) {
    const raw = query.get(name)?.at(-1);
    if (raw !== undefined && raw !== '' && !Object.hasOwn(BOOLEAN, raw))
      throw badRequest(`"${name}" takes true or false, not "${raw}".`);
    if (raw === undefined || raw === '' || !BOOLEAN[raw]) where.push(condition);
  }
  if (declaration.searchVia && (query.get('q')?.at(-1) ?? '').trim() !== '') readsOtherTables = true;
  for (const [name, condition] of Object.entries(declaration.flagFilters ?? {})) {
    const raw = query.get(name)?.at(-1);
    if (raw === undefined || raw === '') continue;
    if (!Object.hasOwn(BOOLEAN, raw)) throw badRequest(`"${name}" takes true or false, not "${raw}".`);
    where.push(condition(params.add(BOOLEAN[raw], 'bool')));
    // A rule may read other tables (a course's tree): its count is not kept under this table's writes.
    readsOtherTables = true;
  }

  const order: OrderColumn[] = [];
  for (const [key, values] of query) {
    const match = /^order\[([A-Za-z]+)\]$/.exec(key);
    if (!match || (match[1] !== 'id' && !declaration.order.includes(match[1]))) continue;
    const direction = values.at(-1)?.toLowerCase();
    if (direction !== 'asc' && direction !== 'desc') throw badRequest(`"${key}" takes asc or desc.`);
    order.push(orderPartOf(declaration, match[1], direction === 'asc' ? 'ASC' : 'DESC'));
  }
  if (order.length === 0)
    for (const [name, direction] of declaration.defaultOrder ?? [])
      order.push(orderPartOf(declaration, name, direction === 'asc' ? 'ASC' : 'DESC'));
  // The id breaks ties so that pages never overlap or skip a row.
  if (!order.some((part) => part.column === 'id'))
    order.push({ column: 'id', direction: order.at(-1)?.direction ?? 'ASC' });

  const columns = schema.get(declaration.table);
  const keysetable =
    order.every((part) => part.direction === order[0].direction) &&
    order.every((part) => columns?.get(part.column)?.nullable === false);

  const page = positiveInteger(query.get('page'), 'page', 1);
  const itemsPerPage = positiveInteger(query.get('itemsPerPage'), 'itemsPerPage', DEFAULT_ITEMS_PER_PAGE);
  if (itemsPerPage > MAX_ITEMS_PER_PAGE) throw pageTooLarge(itemsPerPage);
  return { where, params, order, page, itemsPerPage, keysetable, readsOtherTables };
}
