import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { DraftState } from '../../domain/courseVersions';
import type { CourseOutline } from '../../domain/outline';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useOutline, useOutlineActions } from './OutlineContext';
import type { NodeKind } from './outlineModel';

/** The query key of what of a course's draft differs from its live version. */
export const draftKey = (course: Identifier) => ['courseDraft', String(course)] as const;

function useDraftQueryOptions(course: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return {
    queryKey: draftKey(course),
    queryFn: async () => (await dataProvider.getCourseDraft({ id: course })).data,
  };
}

/**
 * What of the outline's course differs from what learners get (`GET /api/courses/{id}/draft`). The course
 * is read from the actions, which never change, not from the tree: a drop must not render again the
 * learner's preview and the publish bar that read this, only a new answer does.
 */
export function useDraftState(): DraftState | undefined {
  const { courseId } = useOutlineActions();
  return useQuery(useDraftQueryOptions(courseId)).data;
}

const KEY_OF: Record<NodeKind, keyof DraftState['nodes']> = { module: 'modules', chapter: 'chapters', part: 'parts' };

/**
 * Whether one node differs from what learners get. A row reads the course from the actions (they never
 * change) and only its own answer: a move, or a new answer that leaves this node as it was, does not
 * render it again.
 */
export function useDraftChanged(kind: NodeKind, id: number): boolean {
  const { courseId } = useOutlineActions();
  return (
    useQuery({ ...useDraftQueryOptions(courseId), select: (draft) => draft.nodes[KEY_OF[kind]].includes(id) }).data ??
    false
  );
}

/**
 * Trees a move shows before the server has it: what differs is asked again once the server has answered
 * (useMoveNode), not at the drop, when the answer could not know of the move yet.
 */
const shownBeforeAnswer = new WeakSet<CourseOutline>();

/** Marks a tree as a move's, shown before the server's answer; answers it. */
export function shownBeforeServer(outline: CourseOutline): CourseOutline {
  shownBeforeAnswer.add(outline);
  return outline;
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
    if (shownBeforeAnswer.has(outline)) return;
    void queryClient.invalidateQueries({ queryKey: draftKey(outline.id) });
  }, [queryClient, outline]);
}
