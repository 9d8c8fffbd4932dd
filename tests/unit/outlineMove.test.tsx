// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CoreAdminContext, HttpError, useNotificationContext, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { CourseOutline } from '../../src/domain/outline';
import { outlineKey, useMoveNode } from '../../src/custom/outline/useCourseOutline';

/** A move is shown at once and sent; refused by the server, the outline snaps back and a French error shows. */
const part = (id: number, position: number) => ({ id, type: 'notes', title: `p${id}`, position, required: false });
const outline: CourseOutline = {
  id: 1,
  title: 'Cours',
  status: 'draft',
  publishedAt: null,
  updatedAt: '2026-01-01T00:00:00Z',
  company: null,
  modules: [
    {
      id: 10,
      title: 'M',
      position: 0,
      isTemplate: false,
      chapters: [
        { id: 100, title: 'A', position: 0, isTemplate: false, unlocks: [], parts: [part(1, 0), part(2, 1)] },
        { id: 101, title: 'B', position: 1, isTemplate: false, unlocks: [], parts: [] },
      ],
    },
  ],
};
const partsOf = (client: QueryClient) =>
  client
    .getQueryData<CourseOutline>(outlineKey(1))!
    .modules[0].chapters.map((chapter) => chapter.parts.map((item) => item.id));

function setUp(dataProvider: Partial<DataProvider>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(outlineKey(1), outline);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <CoreAdminContext dataProvider={dataProvider as DataProvider} queryClient={queryClient}>
      {children}
    </CoreAdminContext>
  );
  const { result } = renderHook(
    () => ({ move: useMoveNode(1), notifications: useNotificationContext().notifications }),
    { wrapper },
  );
  return { queryClient, result };
}

describe('useMoveNode', () => {
  it('sends a move among siblings as a reorder and a move to another chapter as a PUT naming it, shown first', async () => {
    let seenDuringCall: number[][] = [];
    const reorder = vi.fn(async () => ({ data: {} }));
    const { queryClient, result } = setUp({
      reorder,
      moveTo: vi.fn(async () => {
        seenDuringCall = partsOf(queryClient);
        return { data: {} };
      }),
    } as Partial<DataProvider>);
    await act(() =>
      result.current.move({
        node: { kind: 'part', id: 1 },
        from: { parent: 100, index: 0 },
        to: { parent: 101, index: 0 },
      }),
    );
    expect(seenDuringCall).toEqual([[2], [1]]);
    expect(partsOf(queryClient)).toEqual([[2], [1]]);
    await act(() =>
      result.current.move({
        node: { kind: 'chapter', id: 101 },
        from: { parent: 10, index: 1 },
        to: { parent: 10, index: 0 },
      }),
    );
    expect(reorder).toHaveBeenCalledWith('chapters', { id: 101, position: 0 });
  });

  it('snaps back when the server refuses, with a French error', async () => {
    const { queryClient, result } = setUp({
      reorder: vi.fn(async () => Promise.reject(new HttpError('Not Found', 404, {}))),
    } as Partial<DataProvider>);
    await act(() =>
      result.current.move({
        node: { kind: 'part', id: 1 },
        from: { parent: 100, index: 0 },
        to: { parent: 100, index: 1 },
      }),
    );
    expect(partsOf(queryClient)).toEqual([[1, 2], []]);
    expect(result.current.notifications.map((notification) => [notification.message, notification.type])).toEqual([
      ['app.outline.move_error', 'error'],
    ]);
  });
});
