import { frenchOrder, ident, type Params } from '../shared/sql.ts';
import type { ListQuery, OrderColumn } from './listQuery.ts';

/*
 * A list's order as SQL on the row alias `t`, and its keys: what a page and an export both read in that
 * order, and from where a next batch or a remembered page boundary seeks.
 */

const columnOf = (part: OrderColumn) => `t.${ident(part.column)}`;
/** The column as it sorts and compares: in its collation, the one its order index is built in. */
const sortedOf = (part: OrderColumn) => (part.frenchText ? frenchOrder(columnOf(part)) : columnOf(part));

/** The ORDER BY of a list. */
export const orderBySql = (list: ListQuery): string =>
  list.order.map((part) => `${sortedOf(part)} ${part.direction}`).join(', ');

/** A row's order key read as text, one column `__k<n>` per order column (orderKeyOf reads them back). */
export const orderKeysSelect = (list: ListQuery): string =>
  list.order.map((part, index) => `${columnOf(part)}::text AS "__k${index}"`).join(', ');

/** The order key of a row read with orderKeysSelect. */
export const orderKeyOf = (list: ListQuery, row: Record<string, unknown>): (string | null)[] =>
  list.order.map((_, index) => (row[`__k${index}`] ?? null) as string | null);

/**
 * Rows strictly after `key` in the list's order (PostgreSQL's default: NULLS LAST ascending, FIRST
 * descending). An order in one direction over columns that are never null (`keysetable`) is one row
 * comparison, which the order's index answers; any other spells each column out. `sqlTypeOf` casts each
 * key value back to its column's type.
 */
export function afterKeySql(
  list: ListQuery,
  key: readonly (string | null)[],
  params: Params,
  sqlTypeOf: (column: string) => string,
): string {
  const value = (index: number) => params.add(key[index], sqlTypeOf(list.order[index].column));
  if (list.keysetable) {
    const operator = list.order[0].direction === 'ASC' ? '>' : '<';
    return `(${list.order.map(sortedOf).join(', ')}) ${operator} (${list.order.map((_, index) => value(index)).join(', ')})`;
  }
  const column = (index: number) => sortedOf(list.order[index]);
  const equal = (index: number) =>
    key[index] === null ? `${column(index)} IS NULL` : `${column(index)} = ${value(index)}`;
  const after = (index: number) => {
    if (list.order[index].direction === 'ASC')
      return key[index] === null ? 'false' : `(${column(index)} > ${value(index)} OR ${column(index)} IS NULL)`;
    return key[index] === null ? `${column(index)} IS NOT NULL` : `${column(index)} < ${value(index)}`;
  };
  const branches = list.order.map((_, index) =>
    [...list.order.slice(0, index).map((__, before) => equal(before)), after(index)].join(' AND '),
  );
  return `(${branches.map((branch) => `(${branch})`).join(' OR ')})`;
}
