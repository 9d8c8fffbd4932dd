/** A list's sort as react-admin's list URL says it. */
export interface ListLinkSort {
  field: string;
  order: 'ASC' | 'DESC';
}

/** The inputs a filter value fills: a period's ends (`{createdAt: {after}}`) are inputs of their own (`createdAt.after`). */
const shownFilters = (filter: Record<string, unknown>): string[] =>
  Object.entries(filter).flatMap(([name, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.keys(value).map((part) => `${name}.${part}`)
      : [name],
  );

/**
 * The address of a list narrowed by filters, as react-admin's list reads it from its URL (`filter` as
 * JSON, `sort` and `order`); the filters are shown, so the list says what narrowed it.
 */
export function listLink(resource: string, filter: Record<string, unknown> = {}, sort?: ListLinkSort): string {
  const search = new URLSearchParams({
    filter: JSON.stringify(filter),
    displayedFilters: JSON.stringify(Object.fromEntries(shownFilters(filter).map((source) => [source, true]))),
  });
  if (sort) {
    search.set('sort', sort.field);
    search.set('order', sort.order);
  }
  return `/${resource}?${search.toString()}`;
}
