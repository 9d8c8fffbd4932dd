import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Typography } from '@mui/material';
import { useAddUndoableMutation, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { CourseOutline } from '../../domain/outline';
import { checkedIds, kindOfSelection, keysOf } from './bulkSelection';
import { BulkMoveDialog, BulkTagsDialog, ReleaseDialog } from './lazyPanels';
import { useOutline, useOutlineActions } from './OutlineContext';
import { RESOURCE_OF, removeNode, restoreNode, type NodeKind, type Removed } from './outlineModel';
import { selectionOf, useView, useViewStore } from './outlineView';
import { outlineKey } from './useCourseOutline';

const reasonOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'app.outline.action_error';

/**
 * What is done to the nodes checked in the outline, in one request each (the bulk actions): move them
 * elsewhere, duplicate them, add tags (modules), delete them (at once on screen, with "Annuler" in the
 * snack; sent when it goes, to the recycle bin). Offers only what the session may do; absent while nothing
 * is checked.
 */
export function BulkBar() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const addUndoable = useAddUndoableMutation();
  const view = useViewStore();
  const selection = useView(selectionOf);
  const { courseId, may } = useOutlineActions();
  const { outline } = useOutline();
  const [dialog, setDialog] = useState<'move' | 'tags' | 'release'>();
  const kind = kindOfSelection(selection);
  if (!kind) return null;
  const ids = checkedIds(selection, keysOf(outline, kind));
  if (ids.length === 0) return null;
  const resource = RESOURCE_OF[kind];
  const key = outlineKey(courseId);
  const clear = () => view.set((before) => ({ ...before, bulk: undefined }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const counted = (message: string) => translate(message, { smart_count: ids.length });

  const send = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      clear();
      notify(counted(done), { type: 'info' });
    } catch (error) {
      const reason = reasonOf(error);
      notify(reason, { type: 'error', messageArgs: { _: reason } });
    } finally {
      await refresh();
    }
  };

  const remove = (of: NodeKind) => {
    const before = queryClient.getQueryData<CourseOutline>(key);
    if (!before) return;
    const removed: Removed[] = [];
    let after = before;
    for (const id of ids) {
      const taken = removeNode(after, { kind: of, id });
      after = taken.outline;
      if (taken.removed) removed.push(taken.removed);
    }
    const putBack = () =>
      queryClient.setQueryData<CourseOutline>(
        key,
        (current) => current && removed.reduceRight((outline, node) => restoreNode(outline, node), current),
      );
    queryClient.setQueryData(key, after);
    clear();
    addUndoable(({ isUndo }) => {
      if (isUndo) return putBack();
      dataProvider
        .bulk(resource, { action: 'delete', ids })
        .catch((error: unknown) => {
          putBack();
          const reason = reasonOf(error);
          notify(reason, { type: 'error', messageArgs: { _: reason } });
        })
        .finally(() => void refresh());
    });
    notify(counted('app.outline.bulk.deleted'), { type: 'info', undoable: true });
  };

  return (
    <Box
      role="toolbar"
      aria-label={translate('app.outline.bulk.toolbar')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
        mb: 1,
        p: 1,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      <Typography role="status" sx={{ mr: 1 }}>
        {counted(`app.outline.bulk.count.${kind}`)}
      </Typography>
      {may(kind, 'edit') && (
        <Button size="small" onClick={() => setDialog('move')}>
          {translate('app.outline.bulk.move')}
        </Button>
      )}
      {may(kind, 'create') && (
        <Button
          size="small"
          onClick={() =>
            void send(() => dataProvider.bulk(resource, { action: 'duplicate', ids }), 'app.outline.bulk.duplicated')
          }
        >
          {translate('app.outline.menu.duplicate')}
        </Button>
      )}
      {may(kind, 'edit') && (
        <Button size="small" onClick={() => setDialog('release')}>
          {translate('app.outline.release.action')}
        </Button>
      )}
      {kind === 'module' && may('module', 'edit') && (
        <Button size="small" onClick={() => setDialog('tags')}>
          {translate('app.outline.bulk.add_tags')}
        </Button>
      )}
      {may(kind, 'delete') && (
        <Button size="small" color="error" onClick={() => remove(kind)}>
          {translate('app.outline.menu.delete')}
        </Button>
      )}
      <Button size="small" onClick={clear}>
        {translate('app.outline.bulk.clear')}
      </Button>
      {dialog === 'move' && (
        <BulkMoveDialog
          kind={kind}
          ids={ids}
          onClose={() => setDialog(undefined)}
          onMove={(parent, position) =>
            send(async () => {
              await dataProvider.bulk(resource, { action: 'move', ids, parent, position });
              // The nodes are shown where they went: their new parent opens.
              if (kind !== 'module')
                view.set((before) => ({
                  ...before,
                  open: new Set(before.open).add(`${kind === 'chapter' ? 'module' : 'chapter'}:${parent}`),
                }));
              setDialog(undefined);
            }, 'app.outline.bulk.moved')
          }
        />
      )}
      {dialog === 'release' && (
        <ReleaseDialog
          title={counted('app.outline.release.bulk_title')}
          onClose={() => setDialog(undefined)}
          onSave={(releaseAt: string | null) =>
            send(
              () => dataProvider.bulk(resource, { action: 'release', ids, releaseAt }),
              releaseAt ? 'app.outline.release.bulk_saved' : 'app.outline.release.bulk_cleared',
            )
          }
        />
      )}
      {dialog === 'tags' && (
        <BulkTagsDialog
          onClose={() => setDialog(undefined)}
          onAdd={(tags) =>
            send(async () => {
              await dataProvider.bulk('modules', { action: 'add-tags', ids, tags });
              setDialog(undefined);
            }, 'app.outline.bulk.tagged')
          }
        />
      )}
    </Box>
  );
}
