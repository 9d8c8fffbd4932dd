import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { AddingAt } from './OutlineContext';
import { NO_SELECTION, type BulkSelection } from './bulkSelection';
import { nodeKey, type NodeKind, type NodeRef } from './outlineModel';

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

const openOf = (key: string) => (view: OutlineView) => view.open.has(key);
const selectedOf = (kind: NodeKind, id: number) => (view: OutlineView) =>
  view.selected?.kind === kind && view.selected.id === id;

export function useIsOpen(node: NodeRef): boolean {
  const key = nodeKey(node);
  return useView(useMemo(() => openOf(key), [key]));
}

export const selectionOf = (view: OutlineView): BulkSelection => view.bulk ?? NO_SELECTION;

const checkedOf = (key: string) => (view: OutlineView) => view.bulk?.checked.has(key) ?? false;

/** Whether the node is checked for a bulk action. */
export function useIsChecked(node: NodeRef): boolean {
  const key = nodeKey(node);
  return useView(useMemo(() => checkedOf(key), [key]));
}

export function useIsSelected({ kind, id }: NodeRef): boolean {
  return useView(useMemo(() => selectedOf(kind, id), [kind, id]));
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
