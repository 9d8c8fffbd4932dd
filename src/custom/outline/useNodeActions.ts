import { useCallback, useMemo } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { iriOf } from '../../domain/relations';
import { useOutline } from './OutlineContext';
import { RESOURCE_OF, type NodeRef } from './outlineModel';

/** The parent field of each kind when one is created: a module's course, a chapter's module. */
const PARENT_FIELD = { module: ['course', 'courses'], chapter: ['module', 'modules'] } as const;

/**
 * What the outline's menus do beside moves: create in place, copy, mark as template, delete. Each change is
 * followed by a fresh outline; a refusal shows the server's reason in French (the http client's message).
 */
export function useNodeActions() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { refresh, outline } = useOutline();

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
      return run(() => dataProvider.create(RESOURCE_OF[kind], { data: { title, [field]: iriOf(resource, parent), position } }), `app.outline.created.${kind}`);
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
        () => dataProvider.update(RESOURCE_OF[node.kind], { id: node.id, data: { isTemplate }, previousData: { id: node.id } }),
        isTemplate ? 'app.outline.marked_template' : 'app.outline.unmarked_template',
      ),
    [dataProvider, run],
  );

  const rename = useCallback(
    (node: NodeRef, title: string) =>
      run(() => dataProvider.update(RESOURCE_OF[node.kind], { id: node.id, data: { title }, previousData: { id: node.id } })),
    [dataProvider, run],
  );

  const remove = useCallback(
    (node: NodeRef) => run(() => dataProvider.delete(RESOURCE_OF[node.kind], { id: node.id }), `app.outline.deleted.${node.kind}`),
    [dataProvider, run],
  );

  return useMemo(() => ({ create, duplicate, insertTemplate, setTemplate, rename, remove, courseId: outline.id }), [create, duplicate, insertTemplate, setTemplate, rename, remove, outline.id]);
}
