import type { CourseOutline } from '../../domain/outline';
import { nodeKey, parseNodeKey, type NodeKind } from './outlineModel';

/**
 * The nodes checked for a bulk action: of one kind at a time (a bulk action acts on one resource), kept
 * by node key (outlineModel.nodeKey), with the last one clicked as the anchor of a Shift range.
 */
export interface BulkSelection {
  checked: ReadonlySet<string>;
  anchor?: string;
}

/** The node keys of one kind's rows as shown (unfolded), top to bottom: what a Shift range runs over. */
export const shownKeys = (kind: NodeKind): string[] =>
  [...document.querySelectorAll<HTMLElement>(`li[data-node^="${kind}:"]`)].map((row) => row.dataset.node ?? '');

export const NO_SELECTION: BulkSelection = { checked: new Set() };

export const kindOfSelection = (selection: BulkSelection): NodeKind | undefined => {
  const [first] = selection.checked;
  return first === undefined ? undefined : parseNodeKey(first)?.kind;
};

const sameKind = (selection: BulkSelection, key: string) =>
  kindOfSelection(selection) === undefined || kindOfSelection(selection) === parseNodeKey(key)?.kind;

/** A click on a checkbox, a Ctrl/Cmd-click or Space: the node in or out; another kind starts afresh. */
export function toggled(selection: BulkSelection, key: string): BulkSelection {
  if (!sameKind(selection, key)) return { checked: new Set([key]), anchor: key };
  const checked = new Set(selection.checked);
  if (!checked.delete(key)) checked.add(key);
  return { checked, anchor: key };
}

/**
 * A Shift-click or Shift+arrow: every node from the anchor to `key` among `order` (the visible rows of that
 * kind, top to bottom) is checked, added to those already checked.
 */
export function extended(selection: BulkSelection, order: readonly string[], key: string): BulkSelection {
  const anchor = selection.anchor !== undefined && order.includes(selection.anchor) ? selection.anchor : key;
  const [from, to] = [order.indexOf(anchor), order.indexOf(key)].sort((a, b) => a - b);
  if (to < 0) return selection;
  const base = sameKind(selection, key) ? selection.checked : new Set<string>();
  return { checked: new Set([...base, ...order.slice(from, to + 1)]), anchor };
}

/** The checked nodes' ids in the order they are shown (what a move keeps). */
export const checkedIds = (selection: BulkSelection, order: readonly string[]): number[] =>
  order.filter((key) => selection.checked.has(key)).map((key) => parseNodeKey(key)!.id);

/** Every node key of one kind in the outline's order, folded branches included. */
export function keysOf(outline: CourseOutline, kind: NodeKind): string[] {
  const modules = outline.modules;
  if (kind === 'module') return modules.map((module) => nodeKey({ kind, id: module.id }));
  const chapters = modules.flatMap((module) => module.chapters);
  if (kind === 'chapter') return chapters.map((chapter) => nodeKey({ kind, id: chapter.id }));
  return chapters.flatMap((chapter) => chapter.parts.map((part) => nodeKey({ kind, id: part.id })));
}
