import { useCallback, useSyncExternalStore } from 'react';
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { CourseOutline } from '../../domain/outline';
import { applyMove, RESOURCE_OF, type Move } from './outlineModel';

import { learnerChapterKey, learnerMenuKey, outlineKey, outlineQuery } from './outlineQuery';
import { draftKey, shownBeforeServer } from './useDraftState';

export { outlineKey };

/**
 * The course's tree, asked for once (one request whatever the course's size), and what refreshes it. The tree
 * is read from the cache as soon as it changes there: react-query tells its observers in a later task, and a
 * move's optimistic change would reach the screen a task (often a frame) after the drop.
 */
export function useCourseOutline(course: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const query = useQuery(outlineQuery(dataProvider, course));
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: outlineKey(course) }),
    [queryClient, course],
  );
  const subscribe = useCallback(
    (changed: () => void) => {
      const hash = hashKey(outlineKey(course));
      return queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.query.queryHash === hash) changed();
      });
    },
    [queryClient, course],
  );
  const current = useCallback(() => queryClient.getQueryData<CourseOutline>(outlineKey(course)), [queryClient, course]);
  const cached = useSyncExternalStore(subscribe, current, current);
  return { ...query, data: cached ?? query.data, refresh };
}

/**
 * A move shown at once, then sent: the reorder action among the same siblings, a PUT naming the new parent
 * otherwise; the tree is not asked for again. Refused, the outline snaps back to what it was and the server's
 * truth is asked for again.
 */
export function useMoveNode(course: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useCallback(
    async (move: Move) => {
      const key = outlineKey(course);
      // A fetch under way would overwrite the move when it lands; none (the usual case): no wait before it shows.
      if (queryClient.isFetching({ queryKey: key }) > 0) await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CourseOutline>(key);
      if (!before) return;
      queryClient.setQueryData(key, shownBeforeServer(applyMove(before, move)));
      const resource = RESOURCE_OF[move.node.kind];
      try {
        if (move.from.parent === move.to.parent || resource === 'modules')
          await dataProvider.reorder(resource, { id: move.node.id, position: move.to.index });
        else await dataProvider.moveTo(resource, { id: move.node.id, parent: move.to.parent, position: move.to.index });
        // The tree is not asked for again: what differs from the live version is, and what the learner preview
        // shows (it asked as soon as the move showed, before the server had it).
        for (const queryKey of [draftKey(course), learnerMenuKey(course), learnerChapterKey()])
          void queryClient.invalidateQueries({ queryKey });
      } catch {
        queryClient.setQueryData(key, before);
        notify('app.outline.move_error', { type: 'error' });
        await queryClient.invalidateQueries({ queryKey: key });
      }
    },
    [course, dataProvider, queryClient, notify],
  );
}
