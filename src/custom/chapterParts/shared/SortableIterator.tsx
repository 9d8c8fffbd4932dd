import type { ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { closestCenter, DndContext, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useSortableSensors } from '../../useSortableSensors';
import { useArrayInput, useTranslate } from 'react-admin';
import { SortableRow } from './SortableRow';

interface Props {
  /** The inputs of one row, with sources relative to the row (`label`, `url`). */
  children: ReactNode;
  /** What a new row starts with. */
  newItem: () => Record<string, unknown>;
}

/**
 * The rows of an <ArrayInput> (links, options), reordered by drag-and-drop with @dnd-kit: by pointer, or
 * from the keyboard (focus a row's handle, Space, the arrow keys, Space), announced in the app's language.
 */
export function SortableIterator({ children, newItem }: Props) {
  const translate = useTranslate();
  const { fields, append, remove, move } = useArrayInput();
  const sensors = useSortableSensors(4);
  const positionOf = (id: unknown) => fields.findIndex((field) => field.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => translate('app.parts.sortable.picked', { position: positionOf(active.id) }),
    onDragOver: ({ over }) =>
      over ? translate('app.parts.sortable.over', { position: positionOf(over.id) }) : undefined,
    onDragEnd: ({ over }) =>
      over ? translate('app.parts.sortable.dropped', { position: positionOf(over.id) }) : undefined,
    onDragCancel: () => translate('app.parts.sortable.cancelled'),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((field) => field.id === active.id);
    const to = fields.findIndex((field) => field.id === over.id);
    if (from >= 0 && to >= 0) move(from, to);
  };

  return (
    <Box sx={{ width: '100%' }}>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: translate('app.parts.sortable.instructions') },
        }}
      >
        <SortableContext items={fields.map((field) => field.id)} strategy={verticalListSortingStrategy}>
          <Box component="ol" sx={{ p: 0, m: 0 }}>
            {fields.map((field, index) => (
              <SortableRow key={field.id} id={field.id} index={index} onRemove={() => remove(index)}>
                {children}
              </SortableRow>
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      <Button size="small" startIcon={<AddIcon />} onClick={() => append(newItem())}>
        {translate('app.parts.sortable.add')}
      </Button>
    </Box>
  );
}
