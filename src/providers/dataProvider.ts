import simpleRestProvider from 'ra-data-simple-rest';
import {
  addRefreshAuthToDataProvider,
  type CreateParams,
  type DataProvider,
  type DeleteParams,
  type GetListResult,
  type GetOneParams,
  type Identifier,
  type PaginationPayload,
  type RaRecord,
  type SortPayload,
  type UpdateParams,
} from 'react-admin';
import { httpClient, refreshAuth, type HttpClient } from './httpClient';
import { fromApi, toApi } from './records';

type Json = Record<string, unknown>;

const API = '/api';

// The one path the spec breaks: folders are deleted at the singular, `DELETE /api/folder/{id}`.
const DELETE_PATHS: Readonly<Record<string, string>> = { folders: 'folder' };

interface HydraView {
  'hydra:next'?: string;
  'hydra:previous'?: string;
  next?: string;
  previous?: string;
}

/** A collection as API Platform sends it: `hydra:`-prefixed, or unprefixed since API Platform 4. */
interface HydraCollection {
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
  else if (typeof value === 'object') for (const [part, item] of Object.entries(value)) appendFilter(query, `${key}[${part}]`, item);
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

/**
 * The data provider of API.md: Hydra listings for getList / getManyReference, ra-data-simple-rest for
 * the item calls (`/api/{resource}/{id}`), relation IRIs turned into ids on the way in and back into
 * IRIs on the way out.
 */
export function createDataProvider(http: HttpClient = httpClient): DataProvider {
  const rest = simpleRestProvider(API, http);

  async function list<R extends RaRecord>(resource: string, params: ListParams): Promise<GetListResult<R>> {
    const query = hydraQuery(params).toString();
    const { json } = await http(`${API}/${resource}${query ? `?${query}` : ''}`, { listing: true, signal: params.signal });
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

  async function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<{ data: R }> {
    const { data } = await rest.getOne(resource, params);
    return { data: fromApi(data) as unknown as R };
  }

  async function remove(resource: string, id: Identifier): Promise<void> {
    await http(`${API}/${DELETE_PATHS[resource] ?? resource}/${encodeURIComponent(id)}`, { method: 'DELETE' });
  }

  return {
    ...rest,
    getList: (resource, params) => list(resource, params),
    getManyReference: (resource, { target, id, filter, ...params }) =>
      list(resource, { ...params, filter: { ...filter, [target]: id } }),
    getOne,
    // The API has no id filter (API Platform's default): fetch each, react-admin already batches the ids.
    getMany: async (resource, { ids, signal, meta }) => ({
      data: await Promise.all(ids.map(async (id) => (await getOne(resource, { id, signal, meta })).data)),
    }),
    create: async <R extends RaRecord>(resource: string, params: CreateParams<R>) => {
      const { data } = await rest.create(resource, { ...params, data: toApi(resource, params.data as Json) });
      return { data: fromApi(data) as unknown as R };
    },
    update: async <R extends RaRecord>(resource: string, params: UpdateParams<R>) => {
      const { data } = await rest.update(resource, { ...params, data: toApi(resource, params.data as Json) });
      return { data: fromApi(data) as unknown as R };
    },
    updateMany: (resource, params) => rest.updateMany(resource, { ...params, data: toApi(resource, params.data as Json) }),
    // A delete answers 204 with no body: the record react-admin had is what was deleted.
    delete: async <R extends RaRecord>(resource: string, { id, previousData }: DeleteParams<R>) => {
      await remove(resource, id);
      return { data: previousData ?? ({ id } as R) };
    },
    deleteMany: async (resource, { ids }) => {
      await Promise.all(ids.map((id) => remove(resource, id)));
      return { data: ids };
    },
  };
}

// An expired token is renewed before any call, one refresh for all the calls a screen makes at once.
export const dataProvider = addRefreshAuthToDataProvider(createDataProvider(), refreshAuth);
