import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { AddingAt } from './OutlineContext';
import { NO_SELECTION, type BulkSelection } from './bulkSelection';
import { ACCEPTS, nodeKey, type NodeKind, type NodeRef } from './outlineModel';

/** What the author has open, selected, or is typing in: the outline's view, apart from its data. */
export interface OutlineView {
  /** The node keys (outlineModel.nodeKey) of the unfolded modules and chapters. */
  open: ReadonlySet<string>;
  selected?: NodeRef;
  adding?: AddingAt;
  /** The kind being dragged: only the rows that may take it are drop targets meanwhile. */
  dragged?: NodeKind;
  /** The nodes checked for a bulk action (bulkSelection.ts). */
  bulk?: BulkSelection;
}

export interface ViewStore {
  get: () => OutlineView;
  set: (change: (view: OutlineView) => OutlineView) => void;
  subscribe: (listener: () => void) => () => void;
}

/**
 * A small external store rather than React state at the page: each row subscribes to its own slice (is it
 * open, is it selected), so folding one module re-renders that module, not the 30 others and their rows.
 */
export function createViewStore(initial: OutlineView): ViewStore {
  let view = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => view,
    set(change) {
      const next = change(view);
      if (next === view) return;
      view = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const ViewStoreContext = createContext<ViewStore | undefined>(undefined);

export function useViewStore(): ViewStore {
  const store = useContext(ViewStoreContext);
  if (!store) throw new Error('The outline view is used outside the course outline.');
  return store;
}

/** A slice of the view; the component re-renders only when the slice changes (compared with Object.is). */
export function useView<T>(slice: (view: OutlineView) => T): T {
  const store = useViewStore();
  const read = useCallback(() => slice(store.get()), [slice, store]);
  return useSyncExternalStore(store.subscribe, read, read);
}

export const selectionOf = (view: OutlineView): BulkSelection => view.bulk ?? NO_SELECTION;

/** What a row shows of the view, and whether it takes the node being dragged. */
export interface RowView {
  open: boolean;
  selected: boolean;
  /** Checked for a bulk action. */
  checked: boolean;
  /** Another kind of node is dragged, which may not land on this one. */
  refuses: boolean;
}

const OPEN = 1;
const SELECTED = 2;
const CHECKED = 4;
const REFUSES = 8;

/**
 * A row's slice of the view as one subscription, packed in a number (compared with Object.is): a row of
 * the tree subscribes once rather than four times, and a change of the view asks each row once.
 */
export function useRowView(node: NodeRef): RowView {
  const key = nodeKey(node);
  const { kind, id } = node;
  const bits = useView(
    useMemo(
      () => (view: OutlineView) =>
        (view.open.has(key) ? OPEN : 0) |
        (view.selected?.kind === kind && view.selected.id === id ? SELECTED : 0) |
        (view.bulk?.checked.has(key) ? CHECKED : 0) |
        (view.dragged !== undefined && !ACCEPTS[view.dragged].includes(kind) ? REFUSES : 0),
      [key, kind, id],
    ),
  );
  return {
    open: (bits & OPEN) !== 0,
    selected: (bits & SELECTED) !== 0,
    checked: (bits & CHECKED) !== 0,
    refuses: (bits & REFUSES) !== 0,
  };
}

/** The inline "add" field open among `parent`'s children of `kind`, if it is there. */
export function useAddingIn(kind: AddingAt['kind'], parent: number): AddingAt | undefined {
  return useView(
    useCallback(
      (view: OutlineView) => (view.adding?.kind === kind && view.adding.parent === parent ? view.adding : undefined),
      [kind, parent],
    ),
  );
}
