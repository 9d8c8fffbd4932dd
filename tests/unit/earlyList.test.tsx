// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { CoreAdminContext, useGetList, type DataProvider, type GetListResult } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstListRequest, startEarlyList, withEarlyLists } from '../../src/providers/earlyList';

afterEach(cleanup);

const SORT = { field: 'updatedAt', order: 'DESC' } as const;
const page = (titles: string[]): GetListResult => ({
  data: titles.map((title, index) => ({ id: index + 1, title })),
  total: titles.length,
});

function fakeProvider(answer: () => Promise<GetListResult>) {
  const getList = vi.fn((_resource: string, _params: unknown) => answer());
  const provider = { getList } as unknown as DataProvider;
  return { getList, provider };
}

describe('the first page a list asks for', () => {
  it('is react-admin’s default one without stored settings or query', () => {
    expect(firstListRequest({ search: '', stored: undefined, sort: SORT, perPage: 25 })).toEqual({
      pagination: { page: 1, perPage: 25 },
      sort: SORT,
      filter: {},
      meta: undefined,
    });
  });

  it('takes the settings react-admin stored for the list, and the location’s query before them', () => {
    const stored = { sort: 'title', order: 'ASC', page: 3, perPage: 50, filter: { status: 'draft' } };
    expect(firstListRequest({ search: '', stored, sort: SORT, perPage: 25 })).toEqual({
      pagination: { page: 3, perPage: 50 },
      sort: { field: 'title', order: 'ASC' },
      filter: { status: 'draft' },
      meta: undefined,
    });
    const search = `?${new URLSearchParams({ filter: JSON.stringify({ q: 'chimie' }), page: '2' })}`;
    expect(firstListRequest({ search, stored, sort: SORT, perPage: 25 })).toEqual({
      pagination: { page: 2, perPage: 25 },
      sort: SORT,
      filter: { q: 'chimie' },
      meta: undefined,
    });
  });
});

describe('an early list request', () => {
  it('is handed, in flight, to the first list that asks for the same page, and to that one only', async () => {
    let answer!: (result: GetListResult) => void;
    const { getList, provider } = fakeProvider(() => new Promise((resolve) => (answer = resolve)));
    const request = firstListRequest({ search: '', stored: undefined, sort: SORT, perPage: 25 });
    const ready = startEarlyList(provider, 'courses', request);
    const dataProvider = withEarlyLists(provider);

    const claimed = dataProvider.getList('courses', { ...request, signal: new AbortController().signal });
    expect(getList).toHaveBeenCalledTimes(1);
    answer(page(['Chimie']));
    await expect(claimed).resolves.toEqual(page(['Chimie']));
    await ready;

    // Asked again (a refresh): the server is asked, not the early answer.
    void dataProvider.getList('courses', { ...request });
    expect(getList).toHaveBeenCalledTimes(2);
    // Another page never takes it.
    void dataProvider.getList('courses', { ...request, pagination: { page: 2, perPage: 25 } });
    expect(getList).toHaveBeenCalledTimes(3);
  });

  it('answered before the list asks is what the list receives, with no second request', async () => {
    const { getList, provider } = fakeProvider(async () => page(['Chimie', 'Physique']));
    const request = firstListRequest({ search: '', stored: undefined, sort: SORT, perPage: 25 });
    await startEarlyList(provider, 'courses', request);

    function Titles() {
      const { data } = useGetList('courses', request);
      return (
        <ul>
          {data?.map((record) => (
            <li key={record.id}>{record.title}</li>
          ))}
        </ul>
      );
    }
    render(
      <CoreAdminContext dataProvider={withEarlyLists(provider)}>
        <Titles />
      </CoreAdminContext>,
    );
    await screen.findByText('Physique');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getList).toHaveBeenCalledTimes(1);
  });

  it('that fails is no unhandled rejection, and the list asks again', async () => {
    const { getList, provider } = fakeProvider(() => Promise.reject(new Error('réseau')));
    const request = firstListRequest({ search: '', stored: undefined, sort: SORT, perPage: 25 });
    await startEarlyList(provider, 'tags', request);
    await expect(withEarlyLists(provider).getList('tags', { ...request })).rejects.toThrow('réseau');
    expect(getList).toHaveBeenCalledTimes(2);
  });
});
