import { Fragment, memo, useMemo } from 'react';
import {
  closestCenter,
  DndContext,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useSortableSensors } from '../useSortableSensors';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { InlineAdd } from './InlineAdd';
import { ModuleNode } from './ModuleNode';
import { useOutline, useOutlineActions } from './OutlineContext';
import { nodeKey, parseNodeKey, type NodeRef } from './outlineModel';
import { useAddingIn, useViewStore } from './outlineView';

/**
 * The outline: modules → chapters → parts, folded by default so that only open branches are drawn. One
 * drag-and-drop context for all levels: a node moves among its siblings, a chapter into another module, a
 * part into another chapter (onto its row or among its parts); the keyboard does the same (Space, arrows).
 * It reads the tree itself, and the page gives it only the move: what the page shows beside the tree does
 * not render it again. What does not change with a move (its heading, its buttons) is kept across renders:
 * a drop renders the tree, not them.
 */
export const OutlineTree = memo(function OutlineTree({ onMove }: { onMove: (event: DragEndEvent) => void }) {
  const translate = useTranslate();
  const { modules } = useOutline().outline;
  const { courseId, setAdding, openDialog, may } = useOutlineActions();
  const view = useViewStore();
  const modulesAdding = useAddingIn('module', courseId);
  // The kind being dragged, for the rows to know whether they may take it: set at the start, not per move.
  const dragged = (node: NodeRef | undefined) => view.set((before) => ({ ...before, dragged: node?.kind }));
  const sensors = useSortableSensors(5);
  const { announcements, instructions } = useMemo(() => {
    // The row's title button by its own mark: while dragging, the row's handle is a pressed button too.
    const name = (key: string | number | undefined) => {
      const element =
        key === undefined ? null : document.querySelector(`[data-node="${String(key)}"] [data-node-title]`);
      return element?.textContent ?? '';
    };
    const announce: Announcements = {
      onDragStart: ({ active }) => translate('app.outline.dnd.start', { title: name(active.id) }),
      onDragOver: ({ active, over }) =>
        over
          ? translate('app.outline.dnd.over', { title: name(active.id), over: name(over.id) })
          : translate('app.outline.dnd.nowhere', { title: name(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? translate('app.outline.dnd.end', { title: name(active.id), over: name(over.id) })
          : translate('app.outline.dnd.cancel', { title: name(active.id) }),
      onDragCancel: ({ active }) => translate('app.outline.dnd.cancel', { title: name(active.id) }),
    };
    const read: ScreenReaderInstructions = { draggable: translate('app.outline.dnd.instructions') };
    return { announcements: announce, instructions: read };
  }, [translate]);
  const inlineAt = (index: number) =>
    modulesAdding && Math.min(modulesAdding.position, modules.length) === index && <InlineAdd at={modulesAdding} />;
  const count = modules.length;
  const heading = useMemo(
    () => (
      <Typography id="outline-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.outline.title')}
      </Typography>
    ),
    [translate],
  );
  const empty = count === 0 && !modulesAdding;
  const footer = useMemo(
    () => (
      <>
        {empty && (
          <Typography color="text.secondary" sx={{ my: 1 }}>
            {translate('app.outline.empty')}
          </Typography>
        )}
        {may('module', 'create') && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <Button
              startIcon={<AddIcon />}
              onClick={() => setAdding({ kind: 'module', parent: courseId, position: count })}
            >
              {translate('app.outline.add_module')}
            </Button>
            <Button
              onClick={() => openDialog({ kind: 'template', resource: 'modules', parent: courseId, position: count })}
            >
              {translate('app.outline.insert_template_module')}
            </Button>
          </Box>
        )}
      </>
    ),
    [translate, empty, may, setAdding, openDialog, courseId, count],
  );
  return (
    <Box component="section" aria-labelledby="outline-title">
      {heading}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={(event: DragStartEvent) => dragged(parseNodeKey(event.active.id))}
        onDragEnd={(event) => {
          dragged(undefined);
          onMove(event);
        }}
        onDragCancel={() => dragged(undefined)}
        accessibility={{ announcements, screenReaderInstructions: instructions }}
      >
        <Box component="ul" sx={{ p: 0, m: 0 }} aria-label={translate('app.outline.modules')}>
          <SortableContext
            items={modules.map((module) => nodeKey({ kind: 'module', id: module.id }))}
            strategy={verticalListSortingStrategy}
          >
            {modules.map((module, index) => (
              <Fragment key={module.id}>
                {inlineAt(index)}
                <ModuleNode module={module} />
              </Fragment>
            ))}
          </SortableContext>
          {inlineAt(modules.length)}
        </Box>
      </DndContext>
      {footer}
    </Box>
  );
});
