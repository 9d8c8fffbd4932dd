// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  CoreAdminContext,
  HttpError,
  useNotificationContext,
  useTakeUndoableMutation,
  type DataProvider,
} from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { CourseOutline } from '../../src/domain/outline';
import { outlineKey } from '../../src/custom/outline/outlineQuery';
import { useRemoveNode } from '../../src/custom/outline/useRemoveNode';

/** A delete leaves the outline at once and waits for its snack: undone, the node is back; let go, the DELETE is sent. */
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
        {
          id: 100,
          title: 'A',
          position: 0,
          isTemplate: false,
          unlocks: [],
          parts: [part(1, 0), part(2, 1), part(3, 2)],
        },
      ],
    },
    { id: 11, title: 'N', position: 1, isTemplate: false, chapters: [] },
  ],
};
const partsOf = (client: QueryClient) =>
  client
    .getQueryData<CourseOutline>(outlineKey(1))!
    .modules[0].chapters[0].parts.map((item) => [item.id, item.position]);

function setUp(remove: DataProvider['delete']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(outlineKey(1), outline);
  const dataProvider = { delete: vi.fn(remove) } as unknown as DataProvider;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <CoreAdminContext dataProvider={dataProvider} queryClient={queryClient}>
      {children}
    </CoreAdminContext>
  );
  const { result } = renderHook(
    () => ({
      remove: useRemoveNode(1),
      take: useTakeUndoableMutation(),
      notifications: useNotificationContext().notifications,
    }),
    { wrapper },
  );
  return { queryClient, result, dataProvider };
}

describe('useRemoveNode', () => {
  it('takes the node out at once, offers an undo, and puts it back where it was when undone (no DELETE sent)', async () => {
    const { queryClient, result, dataProvider } = setUp(async () => ({ data: { id: 2 } }) as never);
    act(() => result.current.remove({ kind: 'part', id: 2 }));
    expect(partsOf(queryClient)).toEqual([
      [1, 0],
      [3, 1],
    ]);
    await waitFor(() =>
      expect(result.current.notifications.map((item) => [item.message, item.notificationOptions?.undoable])).toEqual([
        ['app.outline.deleted.part', true],
      ]),
    );
    act(() => result.current.take()!({ isUndo: true }));
    expect(partsOf(queryClient)).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
    expect(dataProvider.delete).not.toHaveBeenCalled();
  });

  it('sends the DELETE when the snack goes; refused, the node comes back with the reason', async () => {
    const { queryClient, result, dataProvider } = setUp(async () =>
      Promise.reject(new HttpError('app.http.referenced', 409, {})),
    );
    act(() => result.current.remove({ kind: 'module', id: 11 }));
    expect(queryClient.getQueryData<CourseOutline>(outlineKey(1))!.modules.map((module) => module.id)).toEqual([10]);
    await waitFor(() => expect(result.current.notifications).toHaveLength(1));
    await act(async () => result.current.take()!({ isUndo: false }));
    await waitFor(() =>
      expect(dataProvider.delete).toHaveBeenCalledWith('modules', expect.objectContaining({ id: 11 })),
    );
    await waitFor(() =>
      expect(queryClient.getQueryData<CourseOutline>(outlineKey(1))!.modules.map((module) => module.id)).toEqual([
        10, 11,
      ]),
    );
    expect(result.current.notifications.at(-1)?.message).toBe('app.http.referenced');
  });
});
