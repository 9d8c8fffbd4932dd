import type { GetListResult, PaginationPayload, RaRecord, SortPayload } from 'react-admin';
import { fromApi } from './records';

type Json = Record<string, unknown>;

interface HydraView {
  'hydra:next'?: string;
  'hydra:previous'?: string;
  next?: string;
  previous?: string;
}

/** A collection as API Platform sends it: `hydra:`-prefixed, or unprefixed since API Platform 4. */
export interface HydraCollection {
  'hydra:member'?: Json[];
  'hydra:totalItems'?: number;
  'hydra:view'?: HydraView;
  member?: Json[];
  totalItems?: number;
  view?: HydraView;
}

export interface ListParams {
  pagination?: PaginationPayload;
  sort?: SortPayload;
  filter?: Json;
  signal?: AbortSignal;
}

function appendFilter(query: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) for (const item of value) query.append(`${key}[]`, String(item));
  // react-admin nests a source such as `updatedAt[after]` into `{ updatedAt: { after } }`.
  else if (typeof value === 'object')
    for (const [part, item] of Object.entries(value)) appendFilter(query, `${key}[${part}]`, item);
  else query.append(key, String(value));
}

/** react-admin's list parameters in API Platform's dialect: `page`, `itemsPerPage`, `order[field]`, filters. */
export function hydraQuery({ pagination, sort, filter }: ListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (pagination) {
    query.set('page', String(pagination.page));
    query.set('itemsPerPage', String(pagination.perPage));
  }
  if (sort?.field) query.set(`order[${sort.field}]`, sort.order === 'DESC' ? 'desc' : 'asc');
  for (const [key, value] of Object.entries(filter ?? {})) appendFilter(query, key, value);
  return query;
}

/** `path` with the list parameters added to whatever query it already has. */
export function withQuery(path: string, params: ListParams): string {
  const query = hydraQuery(params).toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** A Hydra collection as react-admin's list result, members' IRIs turned into ids. */
export function fromCollection<R extends RaRecord>(json: unknown): GetListResult<R> {
  const collection = (json ?? {}) as HydraCollection;
  const data = (collection['hydra:member'] ?? collection.member ?? []).map(fromApi) as unknown as R[];
  const total = collection['hydra:totalItems'] ?? collection.totalItems;
  if (typeof total === 'number') return { data, total };
  // Without a count, the page links still tell react-admin whether to offer the next page.
  const view = collection['hydra:view'] ?? collection.view ?? {};
  return {
    data,
    pageInfo: {
      hasNextPage: Boolean(view['hydra:next'] ?? view.next),
      hasPreviousPage: Boolean(view['hydra:previous'] ?? view.previous),
    },
  };
}
