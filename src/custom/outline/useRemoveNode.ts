import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDelete, useNotify, type UseDeleteOptions } from 'react-admin';
import type { CourseOutline } from '../../domain/outline';
import {
  nodeKey,
  removeNode,
  restoreNode,
  RESOURCE_OF,
  type NodeKind,
  type NodeRef,
  type Removed,
} from './outlineModel';
import { learnerChapterKey, learnerMenuKey, outlineKey } from './outlineQuery';
import { draftKey } from './useDraftState';

const KIND_OF: Record<string, NodeKind> = { modules: 'module', chapters: 'chapter', 'chapter-parts': 'part' };

/**
 * A node deleted in react-admin's undoable mode: it leaves the outline at once, a snack "… supprimé" offers
 * "Annuler", and the DELETE is sent only when the snack goes. Undone, the node is put back where it was;
 * refused by the server, it comes back with the reason. The tree is asked for again once the server has
 * deleted (its prerequisites may have pointed at the node), with the draft's marks and the learner preview.
 */
export function useRemoveNode(courseId: number) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  // What each pending delete took out of the outline, by node key: what an undo or a refusal puts back.
  const pending = useRef(new Map<string, Removed>());

  const putBack = useCallback(
    (resource: string | undefined, id: unknown) => {
      const kind = resource ? KIND_OF[resource] : undefined;
      const removed = kind && pending.current.get(nodeKey({ kind, id: Number(id) }));
      if (!removed) return;
      pending.current.delete(nodeKey(removed.node));
      queryClient.setQueryData<CourseOutline>(
        outlineKey(courseId),
        (outline) => outline && restoreNode(outline, removed),
      );
    },
    [queryClient, courseId],
  );
  // react-admin calls `onUndo` when the snack's "Annuler" is clicked (useMutationWithMutationMode); its
  // own undo only rolls back its resource caches, not this tree.
  const options: UseDeleteOptions & { onUndo: (params: { resource?: string; id?: unknown }) => void } = {
    mutationMode: 'undoable',
    onUndo: ({ resource, id }) => putBack(resource, id),
  };
  const [deleteOne] = useDelete(undefined, undefined, options);

  return useCallback(
    (node: NodeRef) => {
      const key = outlineKey(courseId);
      const before = queryClient.getQueryData<CourseOutline>(key);
      if (!before) return;
      const { outline, removed } = removeNode(before, node);
      if (!removed) return;
      pending.current.set(nodeKey(node), removed);
      queryClient.setQueryData(key, outline);
      const resource = RESOURCE_OF[node.kind];
      void deleteOne(
        resource,
        { id: node.id, previousData: { id: node.id } },
        {
          onSuccess: () => notify(`app.outline.deleted.${node.kind}`, { type: 'info', undoable: true }),
          onError: (error) => {
            putBack(resource, node.id);
            const message = error instanceof Error && error.message ? error.message : 'app.outline.action_error';
            notify(message, { type: 'error', messageArgs: { _: message } });
          },
          onSettled: () => {
            pending.current.delete(nodeKey(node));
            // The learner preview and the draft's marks follow the removal too, without a reload.
            for (const queryKey of [key, draftKey(courseId), learnerMenuKey(courseId), learnerChapterKey()])
              void queryClient.invalidateQueries({ queryKey });
          },
        },
      );
    },
    [queryClient, courseId, deleteOne, notify, putBack],
  );
}
