import { describe, expect, it } from 'vitest';
import {
  checkedIds,
  extended,
  keysOf,
  kindOfSelection,
  NO_SELECTION,
  toggled,
} from '../../src/custom/outline/bulkSelection';
import type { CourseOutline } from '../../src/domain/outline';

/** The outline's bulk selection: one kind at a time, toggles, Shift ranges from the anchor, the outline's order. */
const order = ['chapter:1', 'chapter:2', 'chapter:3', 'chapter:4', 'chapter:5'];

describe('the bulk selection of the outline', () => {
  it('toggles nodes in and out, and starts afresh on another kind', () => {
    let selection = toggled(NO_SELECTION, 'chapter:2');
    selection = toggled(selection, 'chapter:4');
    expect([...selection.checked]).toEqual(['chapter:2', 'chapter:4']);
    expect(kindOfSelection(selection)).toBe('chapter');
    selection = toggled(selection, 'chapter:2');
    expect([...selection.checked]).toEqual(['chapter:4']);
    selection = toggled(selection, 'module:9');
    expect([...selection.checked]).toEqual(['module:9']);
    expect(kindOfSelection(toggled(selection, 'module:9'))).toBeUndefined();
  });

  it('extends from the anchor to the node, either way, keeping what was checked', () => {
    let selection = toggled(NO_SELECTION, 'chapter:5');
    selection = toggled(selection, 'chapter:2');
    selection = extended(selection, order, 'chapter:4');
    expect(checkedIds(selection, order)).toEqual([2, 3, 4, 5]);
    expect(selection.anchor).toBe('chapter:2');
    selection = extended(toggled(NO_SELECTION, 'chapter:3'), order, 'chapter:1');
    expect(checkedIds(selection, order)).toEqual([1, 2, 3]);
    // Without an anchor, the range is the node itself.
    expect(checkedIds(extended(NO_SELECTION, order, 'chapter:4'), order)).toEqual([4]);
  });

  it("lists a kind's keys in the outline's order, folded branches included", () => {
    const outline = {
      id: 1,
      title: 'C',
      status: 'draft',
      publishedAt: null,
      updatedAt: '2026-01-01T00:00:00Z',
      company: null,
      modules: [
        {
          id: 10,
          title: 'M',
          position: 0,
          isTemplate: false,
          chapters: [
            { id: 3, title: 'a', position: 0, isTemplate: false, unlocks: [], parts: [] },
            {
              id: 1,
              title: 'b',
              position: 1,
              isTemplate: false,
              unlocks: [],
              parts: [{ id: 7, type: 'notes', title: null, position: 0, required: false }],
            },
          ],
        },
      ],
    } satisfies CourseOutline;
    expect(keysOf(outline, 'module')).toEqual(['module:10']);
    expect(keysOf(outline, 'chapter')).toEqual(['chapter:3', 'chapter:1']);
    expect(keysOf(outline, 'part')).toEqual(['part:7']);
  });
});
