import { createContext, useContext } from 'react';
import type { CourseOutline, NodeKind, NodeRef } from './outlineModel';

/** A dialog the outline opens over itself; one at a time. */
export type OutlineDialog =
  | { kind: 'part'; chapter: number; position: number }
  | { kind: 'template'; resource: 'chapters' | 'modules'; parent: number; position: number }
  | { kind: 'prerequisites'; chapter: number }
  | { kind: 'delete'; node: NodeRef; title: string };

/** Where an inline "add" field is open: a module or chapter to create under `parent` at `position`. */
export interface AddingAt {
  kind: Exclude<NodeKind, 'part'>;
  parent: number;
  position: number;
}

export interface OutlineState {
  outline: CourseOutline;
  /** The node whose preview and comments are shown beside the outline; none: the course. */
  selected?: NodeRef;
  select: (node: NodeRef | undefined) => void;
  isOpen: (node: NodeRef) => boolean;
  toggle: (node: NodeRef) => void;
  adding?: AddingAt;
  setAdding: (at: AddingAt | undefined) => void;
  openDialog: (dialog: OutlineDialog) => void;
  /** Asks the server for the tree again, after a change that is not a move. */
  refresh: () => Promise<unknown>;
}

export const OutlineContext = createContext<OutlineState | undefined>(undefined);

export function useOutline(): OutlineState {
  const state = useContext(OutlineContext);
  if (!state) throw new Error('useOutline is used outside the course outline.');
  return state;
}
