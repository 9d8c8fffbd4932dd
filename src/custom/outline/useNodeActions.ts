import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { iriOf } from '../../domain/relations';
import { useOutlineActions } from './OutlineContext';
import type { CourseOutline } from '../../domain/outline';
import { RESOURCE_OF, renamed, type NodeRef } from './outlineModel';
import { outlineKey } from './useCourseOutline';

/** The parent field of each kind when one is created: a module's course, a chapter's module. */
const PARENT_FIELD = { module: ['course', 'courses'], chapter: ['module', 'modules'] } as const;

/**
 * What the outline's menus do beside moves and deletes: create in place, copy, mark as template, rename.
 * A change that adds nodes is followed by a fresh outline; a refusal shows the server's reason in French
 * (the http client's message). The functions are stable: the rows that use them are memoised.
 */
export function useNodeActions() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { courseId } = useOutlineActions();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: outlineKey(courseId) }),
    [queryClient, courseId],
  );

  const run = useCallback(
    async (work: () => Promise<unknown>, done?: string) => {
      try {
        await work();
        if (done) notify(done, { type: 'info' });
      } catch (error) {
        const message = error instanceof Error && error.message ? error.message : 'app.outline.action_error';
        notify(message, { type: 'error', messageArgs: { _: message } });
        throw error;
      } finally {
        await refresh();
      }
    },
    [notify, refresh],
  );

  const create = useCallback(
    (kind: 'module' | 'chapter', parent: number, position: number, title: string) => {
      const [field, resource] = PARENT_FIELD[kind];
      return run(
        () => dataProvider.create(RESOURCE_OF[kind], { data: { title, [field]: iriOf(resource, parent), position } }),
        `app.outline.created.${kind}`,
      );
    },
    [dataProvider, run],
  );

  /** A chapter or module copied (the copy action), then put just after its source. */
  const duplicate = useCallback(
    (node: NodeRef, position: number) =>
      run(async () => {
        if (node.kind === 'part') {
          const { data } = await dataProvider.getOne('chapter-parts', { id: node.id });
          const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = data;
          await dataProvider.create('chapter-parts', { data: { ...fields, position } });
          return;
        }
        const resource = RESOURCE_OF[node.kind];
        const { data: copy } = await dataProvider.copy(resource, { id: node.id });
        await dataProvider.reorder(resource, { id: copy.id, position });
      }, 'app.outline.duplicated'),
    [dataProvider, run],
  );

  /** A template copied into `parent`, then put at `position` there. */
  const insertTemplate = useCallback(
    (resource: 'chapters' | 'modules', template: number, parent: number, position: number) =>
      run(async () => {
        const { data: copy } = await dataProvider.copy(resource, { id: template, into: parent });
        await dataProvider.reorder(resource, { id: copy.id, position });
      }, 'app.outline.template_inserted'),
    [dataProvider, run],
  );

  const setTemplate = useCallback(
    (node: NodeRef, isTemplate: boolean) =>
      run(
        () =>
          dataProvider.update(RESOURCE_OF[node.kind], {
            id: node.id,
            data: { isTemplate },
            previousData: { id: node.id },
          }),
        isTemplate ? 'app.outline.marked_template' : 'app.outline.unmarked_template',
      ),
    [dataProvider, run],
  );

  /** A node's release date set, or cleared (null: learners get it at once). */
  const setRelease = useCallback(
    (node: NodeRef, releaseAt: string | null) =>
      run(
        () =>
          dataProvider.update(RESOURCE_OF[node.kind], {
            id: node.id,
            data: { releaseAt },
            previousData: { id: node.id },
          }),
        releaseAt ? 'app.outline.release.saved' : 'app.outline.release.cleared',
      ),
    [dataProvider, run],
  );

  /**
   * A title typed in the row: saved, then written into the outline as it is (no new request for the tree).
   * A refusal is thrown to the field, which shows it and keeps what was typed.
   */
  const rename = useCallback(
    async (node: NodeRef, title: string) => {
      await dataProvider.update(RESOURCE_OF[node.kind], {
        id: node.id,
        data: { title },
        previousData: { id: node.id },
      });
      queryClient.setQueryData<CourseOutline>(
        outlineKey(courseId),
        (outline) => outline && renamed(outline, node, title),
      );
    },
    [dataProvider, queryClient, courseId],
  );

  /** One node's unpublished changes undone, as learners have it; the rest of the draft kept. */
  const discardNode = useCallback(
    (node: NodeRef) =>
      run(
        () => dataProvider.discardNode({ resource: RESOURCE_OF[node.kind], id: node.id }),
        'app.outline.draft.node_discarded',
      ),
    [dataProvider, run],
  );

  return useMemo(
    () => ({ create, duplicate, insertTemplate, setTemplate, setRelease, rename, discardNode, refresh }),
    [create, duplicate, insertTemplate, setTemplate, setRelease, rename, discardNode, refresh],
  );
}
