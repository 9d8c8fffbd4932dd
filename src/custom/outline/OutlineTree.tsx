import { Fragment, useMemo } from 'react';
import {
  closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors,
  type Announcements, type DragEndEvent, type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { InlineAdd } from './InlineAdd';
import { ModuleNode } from './ModuleNode';
import { useOutline } from './OutlineContext';
import { nodeKey } from './outlineModel';

/**
 * The outline: modules → chapters → parts, folded by default so that only open branches are drawn. One
 * drag-and-drop context for all levels: a node moves among its siblings, a chapter into another module, a
 * part into another chapter (onto its row or among its parts); the keyboard does the same (Space, arrows).
 */
export function OutlineTree({ onMove }: { onMove: (event: DragEndEvent) => void }) {
  const translate = useTranslate();
  const { outline, adding, setAdding, openDialog } = useOutline();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const { announcements, instructions } = useMemo(() => {
    const name = (key: string | number | undefined) => {
      const element = key === undefined ? null : document.querySelector(`[data-node="${String(key)}"] button[aria-pressed]`);
      return element?.textContent ?? '';
    };
    const announce: Announcements = {
      onDragStart: ({ active }) => translate('app.outline.dnd.start', { title: name(active.id) }),
      onDragOver: ({ active, over }) => (over ? translate('app.outline.dnd.over', { title: name(active.id), over: name(over.id) }) : translate('app.outline.dnd.nowhere', { title: name(active.id) })),
      onDragEnd: ({ active, over }) => (over ? translate('app.outline.dnd.end', { title: name(active.id), over: name(over.id) }) : translate('app.outline.dnd.cancel', { title: name(active.id) })),
      onDragCancel: ({ active }) => translate('app.outline.dnd.cancel', { title: name(active.id) }),
    };
    const read: ScreenReaderInstructions = { draggable: translate('app.outline.dnd.instructions') };
    return { announcements: announce, instructions: read };
  }, [translate]);
  const modulesAdding = adding?.kind === 'module' ? adding : undefined;
  const inlineAt = (index: number) => modulesAdding && Math.min(modulesAdding.position, outline.modules.length) === index && <InlineAdd at={modulesAdding} />;
  return (
    <Box component="section" aria-labelledby="outline-title">
      <Typography id="outline-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.outline.title')}
      </Typography>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onMove} accessibility={{ announcements, screenReaderInstructions: instructions }}>
        <Box component="ul" sx={{ p: 0, m: 0 }} aria-label={translate('app.outline.modules')}>
          <SortableContext items={outline.modules.map((module) => nodeKey({ kind: 'module', id: module.id }))} strategy={verticalListSortingStrategy}>
            {outline.modules.map((module, index) => (
              <Fragment key={module.id}>
                {inlineAt(index)}
                <ModuleNode module={module} />
              </Fragment>
            ))}
          </SortableContext>
          {inlineAt(outline.modules.length)}
        </Box>
      </DndContext>
      {outline.modules.length === 0 && !modulesAdding && (
        <Typography color="text.secondary" sx={{ my: 1 }}>
          {translate('app.outline.empty')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button startIcon={<AddIcon />} onClick={() => setAdding({ kind: 'module', parent: outline.id, position: outline.modules.length })}>
          {translate('app.outline.add_module')}
        </Button>
        <Button onClick={() => openDialog({ kind: 'template', resource: 'modules', parent: outline.id, position: outline.modules.length })}>
          {translate('app.outline.insert_template_module')}
        </Button>
      </Box>
    </Box>
  );
}
