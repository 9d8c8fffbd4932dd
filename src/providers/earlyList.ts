import type { QueryClient } from '@tanstack/react-query';
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
 * request the route already told. An answer that arrives first goes into react-query's cache under the
 * key react-admin's useGetList reads, so the list renders its rows at once; a list that asks first gets
 * the request in flight instead of sending another.
 */
const early = new Map<string, Promise<GetListResult>>();

// Answers put in the cache from here: the list takes them as fresh for a moment (`earlyListStaleTime`).
const earlyAnswers = new WeakSet<object>();

/** How long a list takes an early answer as fresh, instead of asking the server again as it mounts. */
export const EARLY_ANSWER_FRESH_MS = 5_000;

/** For a list's `queryOptions.staleTime`: the early answer is fresh, anything else as react-admin has it. */
export const earlyListStaleTime = (query: { state: { data?: unknown } }) =>
  typeof query.state.data === 'object' && query.state.data !== null && earlyAnswers.has(query.state.data)
    ? EARLY_ANSWER_FRESH_MS
    : 0;

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
 * Sends a list's request now. The first `getList` of the same page through `withEarlyLists` receives it
 * while in flight; once answered and not yet claimed, the answer goes into `queryClient`'s cache.
 * Resolves when the answer is in (or failed: the screen shows a failure when it asks again).
 */
export function startEarlyList(
  dataProvider: Pick<DataProvider, 'getList'>,
  queryClient: QueryClient,
  resource: string,
  request: ListRequest,
): Promise<void> {
  const key = keyOf(resource, request);
  const pending = early.get(key);
  if (pending) return pending.then(ignore, ignore);
  const answer = dataProvider.getList(resource, request as GetListParams);
  early.set(key, answer);
  const unclaimed = () => early.get(key) === answer && early.delete(key);
  setTimeout(unclaimed, FORGET_AFTER_MS);
  return answer.then(
    ({ data, total, pageInfo, meta }) => {
      if (!unclaimed()) return;
      // The shape and key of react-admin's useGetList (ra-core dataProvider/useGetList.ts).
      const cached = { data, total, pageInfo, meta };
      earlyAnswers.add(cached);
      queryClient.setQueryData([resource, 'getList', { ...request }], cached);
    },
    () => void unclaimed(),
  );
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
