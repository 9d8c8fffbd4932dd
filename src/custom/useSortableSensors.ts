import { KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/**
 * What moves the items of a sortable list: the pointer once it has gone `dragDistance` pixels (a click on
 * a handle stays a click), and the keyboard from one sortable place to the next.
 */
export function useSortableSensors(dragDistance: number) {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: dragDistance } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}
