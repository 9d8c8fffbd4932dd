import { describe, expect, it } from 'vitest';
import {
  applyMove,
  dropTarget,
  emptyChapters,
  moveOfDrop,
  removeNode,
  renamed,
  restoreNode,
} from '../../src/custom/outline/outlineModel';
import type { CourseOutline } from '../../src/domain/outline';

/** The outline's moves, computed in the page before the server makes the same one (siblings.ts). */
const part = (id: number, position: number) => ({ id, type: 'notes', title: `p${id}`, position, required: false });
const outline: CourseOutline = {
  id: 1,
  title: 'Cours',
  status: 'draft',
  publishedAt: null,
  updatedAt: '2026-01-01T00:00:00Z',
  company: null,
  modules: [
    {
      id: 10,
      title: 'M1',
      position: 0,
      isTemplate: false,
      chapters: [
        {
          id: 100,
          title: 'C1',
          position: 0,
          isTemplate: false,
          unlocks: [],
          parts: [part(1000, 0), part(1001, 1), part(1002, 2)],
        },
        { id: 101, title: 'C2', position: 1, isTemplate: false, unlocks: [100], parts: [] },
      ],
    },
    {
      id: 11,
      title: 'M2',
      position: 1,
      isTemplate: false,
      chapters: [{ id: 110, title: 'C3', position: 0, isTemplate: false, unlocks: [], parts: [part(1100, 0)] }],
    },
  ],
};

const titles = (value: CourseOutline) =>
  value.modules.map((module) => [
    module.title,
    module.chapters.map((chapter) => [chapter.title, chapter.parts.map((item) => item.id)]),
  ]);

describe('outline moves', () => {
  it('reorders siblings the way the server does (the others, then the node at the index) and renumbers them', () => {
    const move = dropTarget(outline, { kind: 'part', id: 1000 }, { kind: 'part', id: 1002 });
    expect(move).toEqual({
      node: { kind: 'part', id: 1000 },
      from: { parent: 100, index: 0 },
      to: { parent: 100, index: 2 },
    });
    const after = applyMove(outline, move!);
    expect(after.modules[0].chapters[0].parts.map((item) => [item.id, item.position])).toEqual([
      [1001, 0],
      [1002, 1],
      [1000, 2],
    ]);
  });

  it('moves a chapter into another module, before the chapter it is dropped on, or first when dropped on the module', () => {
    const beside = applyMove(outline, dropTarget(outline, { kind: 'chapter', id: 101 }, { kind: 'chapter', id: 110 })!);
    expect(titles(beside)).toEqual([
      ['M1', [['C1', [1000, 1001, 1002]]]],
      [
        'M2',
        [
          ['C2', []],
          ['C3', [1100]],
        ],
      ],
    ]);
    expect(beside.modules[1].chapters.map((chapter) => chapter.position)).toEqual([0, 1]);
    expect(moveOfDrop(outline, 'chapter:100', 'module:11')?.to).toEqual({ parent: 11, index: 0 });
  });

  it('moves a part into another chapter and refuses drops that mean nothing', () => {
    const moved = applyMove(outline, moveOfDrop(outline, 'part:1001', 'chapter:101')!);
    expect(moved.modules[0].chapters.map((chapter) => chapter.parts.map((item) => item.id))).toEqual([
      [1000, 1002],
      [1001],
    ]);
    expect(moveOfDrop(outline, 'module:10', 'chapter:100')).toBeUndefined();
    expect(moveOfDrop(outline, 'part:1000', 'part:1000')).toBeUndefined();
    expect(moveOfDrop(outline, 'part:1000', undefined)).toBeUndefined();
    expect(moveOfDrop(outline, 'module:10', 'module:11')?.to).toEqual({ parent: 1, index: 1 });
  });

  it('keeps every module and chapter a change does not touch as it was (their memoised rows do not render again)', () => {
    const moved = applyMove(outline, moveOfDrop(outline, 'part:1000', 'part:1002')!);
    expect(moved.modules[1]).toBe(outline.modules[1]);
    expect(moved.modules[0].chapters[1]).toBe(outline.modules[0].chapters[1]);
    const named = renamed(outline, { kind: 'chapter', id: 110 }, 'C3 bis');
    expect(named.modules[1].chapters[0].title).toBe('C3 bis');
    expect(named.modules[0]).toBe(outline.modules[0]);
  });

  it('takes a node out (its siblings renumbered) and puts it back where it was', () => {
    const { outline: without, removed } = removeNode(outline, { kind: 'part', id: 1001 });
    expect(without.modules[0].chapters[0].parts.map((item) => [item.id, item.position])).toEqual([
      [1000, 0],
      [1002, 1],
    ]);
    expect(without.modules[1]).toBe(outline.modules[1]);
    expect(titles(restoreNode(without, removed!))).toEqual(titles(outline));
    const { outline: noModule, removed: module } = removeNode(outline, { kind: 'module', id: 10 });
    expect(noModule.modules.map((item) => [item.id, item.position])).toEqual([[11, 0]]);
    expect(restoreNode(noModule, module!).modules.map((item) => [item.id, item.position])).toEqual([
      [10, 0],
      [11, 1],
    ]);
    expect(removeNode(outline, { kind: 'chapter', id: 999 }).removed).toBeUndefined();
  });

  it('names the chapters that keep a course from being published', () => {
    expect(emptyChapters(outline).map(({ chapter, module }) => `${module.title}/${chapter.title}`)).toEqual(['M1/C2']);
  });
});
