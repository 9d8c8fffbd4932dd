import { createContext, useContext } from 'react';
import type { CourseOutline } from '../../domain/outline';
import type { NodeKind, NodeRef } from './outlineModel';

/** What a row may offer, by react-admin's action names. */
export type NodeAction = 'create' | 'edit' | 'delete';

/** A dialog the outline opens over itself; one at a time. */
export type OutlineDialog =
  // A new part goes after the chapter's last: the server finds the end, which a tree not yet refreshed may not know.
  | { kind: 'part'; chapter: number }
  | { kind: 'template'; resource: 'chapters' | 'modules'; parent: number; position: number }
  | { kind: 'prerequisites'; chapter: number }
  | { kind: 'delete'; node: NodeRef; title: string }
  | { kind: 'discard'; node: NodeRef; title: string }
  | { kind: 'release'; node: NodeRef; title: string; releaseAt: string | null };

/** Where an inline "add" field is open: a module or chapter to create under `parent` at `position`. */
export interface AddingAt {
  kind: Exclude<NodeKind, 'part'>;
  parent: number;
  position: number;
}

/** The tree as it is now: what the publish bar and the dialogs read (they change with it). */
export interface OutlineState {
  outline: CourseOutline;
  /** Asks the server for the tree again, after a change that is not a move. */
  refresh: () => Promise<unknown>;
}

/**
 * What the rows do, as functions that never change during the page's life: a row re-renders when its own
 * node, fold or selection changes, not when another row's does (a 600-chapter course stays smooth).
 */
export interface OutlineActions {
  courseId: number;
  /**
   * The course is read, not changed (a catalogue course from inside a structure): the rows offer no drag,
   * rename, menu nor "add", instead of actions the server would refuse.
   */
  readOnly?: boolean;
  /**
   * Whether the session may take this action on this kind of node (the rights table, as canAccess reads
   * it): a row offers only those, instead of a gesture the server would refuse after the fact.
   */
  may: (kind: NodeKind, action: NodeAction) => boolean;
  select: (node: NodeRef | undefined) => void;
  /**
   * Checks a node for a bulk action: `toggle` (a checkbox, Space, Ctrl/Cmd-click) or `extend` (Shift-click,
   * Shift+arrows: from the last node checked to this one, among the rows shown).
   */
  check: (node: NodeRef, how: 'toggle' | 'extend') => void;
  toggle: (node: NodeRef) => void;
  setAdding: (at: AddingAt | undefined) => void;
  openDialog: (dialog: OutlineDialog) => void;
  /** Deletes at once with react-admin's undo; a node with children is confirmed first. */
  remove: (node: NodeRef, title: string, hasChildren: boolean) => void;
}

export const OutlineContext = createContext<OutlineState | undefined>(undefined);
export const OutlineActionsContext = createContext<OutlineActions | undefined>(undefined);

export function useOutline(): OutlineState {
  const state = useContext(OutlineContext);
  if (!state) throw new Error('useOutline is used outside the course outline.');
  return state;
}

export function useOutlineActions(): OutlineActions {
  const actions = useContext(OutlineActionsContext);
  if (!actions) throw new Error('useOutlineActions is used outside the course outline.');
  return actions;
}
