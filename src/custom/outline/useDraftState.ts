import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { DraftState } from '../../domain/courseVersions';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useOutline } from './OutlineContext';

/** The query key of what of a course's draft differs from its live version. */
export const draftKey = (course: Identifier) => ['courseDraft', String(course)] as const;

/** What of the outline's course differs from what learners get (`GET /api/courses/{id}/draft`). */
export function useDraftState(): DraftState | undefined {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { outline } = useOutline();
  return useQuery({
    queryKey: draftKey(outline.id),
    queryFn: async () => (await dataProvider.getCourseDraft({ id: outline.id })).data,
  }).data;
}

/**
 * Asks again what differs whenever the outline changes (a write shown in the tree: a rename, a new node, a
 * refresh), rather than with the whole tree: one small request. Mounted once, by the publish bar.
 */
export function useDraftFollowsOutline(): void {
  const queryClient = useQueryClient();
  const { outline } = useOutline();
  // The outline first shown is the one the first request answers for.
  const seen = useRef(outline);
  useEffect(() => {
    if (seen.current === outline) return;
    seen.current = outline;
    void queryClient.invalidateQueries({ queryKey: draftKey(outline.id) });
  }, [queryClient, outline]);
}
