import { useMemo } from 'react';
import { KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

/**
 * What moves the items of a sortable list: the pointer once it has gone `dragDistance` pixels (a click on
 * a handle stays a click), and the keyboard from one sortable place to the next. The sensors' options are
 * kept from one render to the next: new ones give every draggable new listeners, and so a render of every
 * item each time the list renders (a drop in a large outline re-rendered all its rows).
 */
export function useSortableSensors(dragDistance: number) {
  const pointerOptions = useMemo(() => ({ activationConstraint: { distance: dragDistance } }), [dragDistance]);
  return useSensors(useSensor(PointerSensor, pointerOptions), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
}
