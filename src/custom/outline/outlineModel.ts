import type { CourseOutline, OutlineChapter, OutlineModule, OutlinePart } from '../../domain/outline';

/**
 * The pure moves the outline editor makes on a course's outline (drag-and-drop, keyboard): computed here
 * once, shown at once, then sent to the server.
 */
export type NodeKind = 'module' | 'chapter' | 'part';

export interface NodeRef {
  kind: NodeKind;
  id: number;
}

/** The id a node has in the drag-and-drop context: kinds share one id space there. */
export const nodeKey = ({ kind, id }: NodeRef) => `${kind}:${id}`;

export function parseNodeKey(key: string | number): NodeRef | undefined {
  const match = /^(module|chapter|part):(\d+)$/.exec(String(key));
  return match ? { kind: match[1] as NodeKind, id: Number(match[2]) } : undefined;
}

/** The API resource of each kind. */
export const RESOURCE_OF = { module: 'modules', chapter: 'chapters', part: 'chapter-parts' } as const;

/** What a node may be dropped on: its own kind (beside it), or its parent's kind (into it, first). */
export const ACCEPTS: Record<NodeKind, readonly NodeKind[]> = {
  module: ['module'],
  chapter: ['chapter', 'module'],
  part: ['part', 'chapter'],
};

/** A node's place: its parent (the course, a module, a chapter) and its index there. */
export interface Place {
  parent: number;
  index: number;
}

export function placeOf(outline: CourseOutline, node: NodeRef): Place | undefined {
  if (node.kind === 'module') {
    const index = outline.modules.findIndex((module) => module.id === node.id);
    return index < 0 ? undefined : { parent: outline.id, index };
  }
  for (const module of outline.modules) {
    if (node.kind === 'chapter') {
      const index = module.chapters.findIndex((chapter) => chapter.id === node.id);
      if (index >= 0) return { parent: module.id, index };
      continue;
    }
    for (const chapter of module.chapters) {
      const index = chapter.parts.findIndex((part) => part.id === node.id);
      if (index >= 0) return { parent: chapter.id, index };
    }
  }
  return undefined;
}

/** A move: the node, where it is, and where it goes (the index among the target's children once it has left). */
export interface Move {
  node: NodeRef;
  from: Place;
  to: Place;
}

/** Where `active` lands when dropped over `over`, or undefined when that is nowhere new. */
export function dropTarget(outline: CourseOutline, active: NodeRef, over: NodeRef): Move | undefined {
  if (!ACCEPTS[active.kind].includes(over.kind)) return undefined;
  const from = placeOf(outline, active);
  if (!from) return undefined;
  let to: Place | undefined;
  if (over.kind === active.kind) to = placeOf(outline, over);
  // Over the parent's row: first in it, where it sits just below that row.
  else to = { parent: over.id, index: 0 };
  if (!to || (to.parent === from.parent && to.index === from.index)) return undefined;
  return { node: active, from, to };
}

function moveIn<T extends { id: number }>(list: T[], id: number, index: number): T[] {
  const moving = list.find((item) => item.id === id);
  if (!moving) return list;
  const rest = list.filter((item) => item.id !== id);
  return [...rest.slice(0, index), moving, ...rest.slice(index)];
}

/** Children numbered 0..n-1 in their order, as the server keeps them. */
const renumber = <T extends { position: number }>(list: T[]): T[] =>
  list.map((item, position) => (item.position === position ? item : { ...item, position }));

/** The outline once `move` is made; the server makes the same one (siblings.ts: the others, then the node at the index). */
export function applyMove(outline: CourseOutline, { node, from, to }: Move): CourseOutline {
  if (node.kind === 'module') return { ...outline, modules: renumber(moveIn(outline.modules, node.id, to.index)) };
  if (node.kind === 'chapter') {
    const moving = outline.modules
      .find((module) => module.id === from.parent)
      ?.chapters.find((chapter) => chapter.id === node.id);
    if (!moving) return outline;
    return {
      ...outline,
      modules: outline.modules.map((module) => {
        let chapters = module.chapters;
        if (module.id === from.parent) chapters = chapters.filter((chapter) => chapter.id !== node.id);
        if (module.id === to.parent) chapters = [...chapters.slice(0, to.index), moving, ...chapters.slice(to.index)];
        return chapters === module.chapters ? module : { ...module, chapters: renumber(chapters) };
      }),
    };
  }
  const moving = outline.modules
    .flatMap((module) => module.chapters)
    .find((chapter) => chapter.id === from.parent)
    ?.parts.find((part) => part.id === node.id);
  if (!moving) return outline;
  return mapChapters(outline, (chapter) => {
    let parts = chapter.parts;
    if (chapter.id === from.parent) parts = parts.filter((part) => part.id !== node.id);
    if (chapter.id === to.parent) parts = [...parts.slice(0, to.index), moving, ...parts.slice(to.index)];
    return parts === chapter.parts ? chapter : { ...chapter, parts: renumber(parts) };
  });
}

/**
 * Every chapter passed through `change`; a module whose chapters all come back unchanged is kept as it was,
 * so that the rows of the untouched modules (memoised on their module) do not render again.
 */
function mapChapters(outline: CourseOutline, change: (chapter: OutlineChapter) => OutlineChapter): CourseOutline {
  let changed = false;
  const modules = outline.modules.map((module) => {
    let touched = false;
    const chapters = module.chapters.map((chapter) => {
      const next = change(chapter);
      if (next !== chapter) touched = true;
      return next;
    });
    if (!touched) return module;
    changed = true;
    return { ...module, chapters };
  });
  return changed ? { ...outline, modules } : outline;
}

/** The outline with a node's title replaced (a rename the server accepted). */
export function renamed(outline: CourseOutline, node: NodeRef, title: string): CourseOutline {
  if (node.kind === 'module')
    return {
      ...outline,
      modules: outline.modules.map((module) => (module.id === node.id ? { ...module, title } : module)),
    };
  if (node.kind === 'chapter')
    return mapChapters(outline, (chapter) => (chapter.id === node.id ? { ...chapter, title } : chapter));
  return mapChapters(outline, (chapter) =>
    chapter.parts.some((part) => part.id === node.id)
      ? { ...chapter, parts: chapter.parts.map((part) => (part.id === node.id ? { ...part, title } : part)) }
      : chapter,
  );
}

/** A node taken out of the outline, and where it was: what an undo puts back. */
export interface Removed {
  node: NodeRef;
  place: Place;
  item: OutlineModule | OutlineChapter | OutlinePart;
}

/** The outline without `node` (its siblings renumbered, as the server does), and what was taken. */
export function removeNode(outline: CourseOutline, node: NodeRef): { outline: CourseOutline; removed?: Removed } {
  const place = placeOf(outline, node);
  if (!place) return { outline };
  return {
    outline: putAt(outline, node, place, undefined),
    removed: { node, place, item: itemAt(outline, node.kind, place) },
  };
}

/** The outline with a removed node back at its place (or last, when its parent has fewer children since). */
export function restoreNode(outline: CourseOutline, removed: Removed): CourseOutline {
  if (placeOf(outline, removed.node)) return outline;
  return putAt(outline, removed.node, removed.place, removed.item);
}

function itemAt(outline: CourseOutline, kind: NodeKind, { parent, index }: Place): Removed['item'] {
  if (kind === 'module') return outline.modules[index];
  if (kind === 'chapter') return outline.modules.find((module) => module.id === parent)!.chapters[index];
  return outline.modules.flatMap((module) => module.chapters).find((chapter) => chapter.id === parent)!.parts[index];
}

/** Takes the node out of its parent (item undefined) or puts `item` in at the place. */
function putAt(
  outline: CourseOutline,
  node: NodeRef,
  { parent, index }: Place,
  item: Removed['item'] | undefined,
): CourseOutline {
  const edit = <T extends { id: number; position: number }>(list: T[]): T[] =>
    renumber(
      item
        ? [...list.slice(0, index), item as unknown as T, ...list.slice(index)]
        : list.filter((entry) => entry.id !== node.id),
    );
  if (node.kind === 'module') return { ...outline, modules: edit(outline.modules) };
  if (node.kind === 'chapter')
    return {
      ...outline,
      modules: outline.modules.map((module) =>
        module.id === parent ? { ...module, chapters: edit(module.chapters) } : module,
      ),
    };
  return mapChapters(outline, (chapter) =>
    chapter.id === parent ? { ...chapter, parts: edit(chapter.parts) } : chapter,
  );
}

/** Every chapter of the course in reading order, with its module: the prerequisites' choices, the publish errors' links. */
export function chaptersOf(outline: CourseOutline): { chapter: OutlineChapter; module: OutlineModule }[] {
  return outline.modules.flatMap((module) => module.chapters.map((chapter) => ({ chapter, module })));
}

/** What refuses a publish (publishing.ts): the chapters without a part. */
export const emptyChapters = (outline: CourseOutline) =>
  chaptersOf(outline).filter(({ chapter }) => chapter.parts.length === 0);

/** The move a drop of `activeKey` over `overKey` (drag-and-drop ids) makes, if any. */
export function moveOfDrop(
  outline: CourseOutline,
  activeKey: string | number,
  overKey: string | number | undefined,
): Move | undefined {
  const active = parseNodeKey(activeKey);
  const over = overKey === undefined ? undefined : parseNodeKey(overKey);
  return active && over ? dropTarget(outline, active, over) : undefined;
}
