import { describe, expect, it } from 'vitest';
import { buildTree } from '../../server/routes/actions/folders.ts';

const rows = [
  { id: 1, parent_id: null, name: 'Racine', sheets: 0 },
  { id: 2, parent_id: 1, name: 'Vide', sheets: 0 },
  { id: 3, parent_id: 1, name: 'Plein', sheets: 2 },
  { id: 4, parent_id: 2, name: 'Vide aussi', sheets: 0 },
  { id: 5, parent_id: 3, name: 'Profond', sheets: 1 },
];

describe('folder tree', () => {
  it('nests folders under their parents', () => {
    const tree = buildTree(rows, 1, false);
    expect(tree?.children.map((child) => child.id)).toEqual([2, 3]);
    expect(tree?.children[0].children.map((child) => child.id)).toEqual([4]);
  });

  it('drops branches without any sheet when purged', () => {
    const tree = buildTree(rows, 1, true);
    expect(tree?.children.map((child) => child.id)).toEqual([3]);
    expect(tree?.children[0]).toMatchObject({ sheets: 2, children: [{ id: 5, sheets: 1, children: [] }] });
  });

  it('answers nothing for an unknown root', () => {
    expect(buildTree(rows, 42, true)).toBeUndefined();
  });
});
