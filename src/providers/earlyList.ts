import {
  getQuery,
  parseQueryFromLocation,
  type DataProvider,
  type GetListParams,
  type GetListResult,
} from 'react-admin';

/**
 * A list's first request, sent while the app is still starting (its code evaluating, React rendering the
 * layout). react-admin sends a list's request from an effect of the list's first render: on a cold load
 * that is a few hundred milliseconds after the code has arrived, and the rows waited that long for a
 * request the route already told. The list's own request, when it comes, goes through the data provider
 * (`withEarlyLists`), which hands it the early one, in flight or answered: one request to the server, and
 * react-admin keeps its cache to itself (nothing here knows its query keys).
 */
const early = new Map<string, Promise<GetListResult>>();

// An answer nobody asked for is dropped: a later list must not show data that old.
const FORGET_AFTER_MS = 10_000;

const ignore = () => undefined;

type ListRequest = Pick<GetListParams, 'pagination' | 'sort' | 'filter' | 'meta'>;

const keyOf = (resource: string, { pagination, sort, filter, meta }: ListRequest) =>
  JSON.stringify([
    resource,
    pagination?.page,
    pagination?.perPage,
    sort?.field,
    sort?.order,
    filter ?? {},
    meta ?? null,
  ]);

export interface FirstListOptions {
  /** The route's query string (`?filter=...&page=2`), which react-admin reads before anything else. */
  search: string;
  /** What react-admin's store holds for this list (`<resource>.listParams`), if anything. */
  stored: unknown;
  sort: { field: string; order: 'ASC' | 'DESC' };
  perPage: number;
}

/**
 * The page react-admin's list controller asks for on its first render (useListParams: the location's
 * query, else the stored parameters, else the list's defaults), so that the early request is that one.
 */
export function firstListRequest({ search, stored, sort, perPage }: FirstListOptions): ListRequest {
  const query = getQuery({
    queryFromLocation: parseQueryFromLocation({ search }),
    params: stored && typeof stored === 'object' ? stored : {},
    filterDefaultValues: undefined,
    sort,
    perPage,
  });
  return {
    pagination: { page: query.page, perPage: query.perPage },
    sort: { field: query.sort, order: query.order },
    filter: { ...query.filter },
    meta: undefined,
  };
}

/**
 * Sends a list's request now. The first `getList` of the same page through `withEarlyLists` receives it,
 * in flight or answered. Resolves when the answer is in (or failed: the screen shows a failure when it
 * asks again).
 */
export function startEarlyList(
  dataProvider: Pick<DataProvider, 'getList'>,
  resource: string,
  request: ListRequest,
): Promise<void> {
  const key = keyOf(resource, request);
  const pending = early.get(key);
  if (pending) return pending.then(ignore, ignore);
  const answer = dataProvider.getList(resource, request as GetListParams);
  early.set(key, answer);
  setTimeout(() => early.get(key) === answer && early.delete(key), FORGET_AFTER_MS);
  // A failure not yet handed over is forgotten: the list asks again, and shows the failure if it lasts.
  return answer.then(ignore, (): void => {
    if (early.get(key) === answer) early.delete(key);
  });
}

/** The data provider, whose `getList` first looks for an early answer to the same request (used once). */
export function withEarlyLists<P extends DataProvider>(dataProvider: P): P {
  return new Proxy(dataProvider, {
    get(target, property, receiver) {
      if (property !== 'getList') return Reflect.get(target, property, receiver);
      return (resource: string, params: GetListParams) => {
        const key = keyOf(resource, params);
        const answer = early.get(key);
        if (!answer) return target.getList(resource, params);
        early.delete(key);
        return answer;
      };
    },
  });
}
