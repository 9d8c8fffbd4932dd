import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Drags a dnd-kit sortable item by its handle onto a target as a mouse does, and drops it where dnd-kit
 * announced it would go (`over`, its live region's words). The handle is brought where the target's own
 * handle sits (its left edge), a quarter of the way down its box. Shared by the browser tests of every
 * sortable list.
 *
 * Each step waits for the page, not for the clock:
 * - the handle is hovered first: Playwright's hover waits until the handle itself takes the pointer (and
 *   scrolls it into view). A raw press does not: it landed on a select's menu still fading out over the
 *   form, which made the drag a text selection and moved nothing;
 * - the target is measured once the drag has started (the handle pressed), when the list is laid out for it;
 * - the button is released once dnd-kit has announced the target: it drops on the place it has rendered,
 *   so a release before its renders caught up with the moves would drop on the previous place.
 */
export async function dragByPointer(page: Page, handle: Locator, target: Locator, over: string): Promise<void> {
  await handle.hover();
  const from = await boxOf(handle);
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.down();
  // Beyond the sensors' activation distance (useSortableSensors), in steps as a hand moves.
  await page.mouse.move(x, y - 8, { steps: 4 });
  await expect
    .poll(() => handle.getAttribute('aria-pressed'), { message: 'the handle was not picked up' })
    .toBe('true');
  const to = await boxOf(target);
  await page.mouse.move(to.x + from.width / 2, to.y + to.height / 4, { steps: 10 });
  await page
    .getByText(over, { exact: true })
    .waitFor({ state: 'attached' })
    .catch(async (error: unknown) => {
      const said = await page.locator('[id^="DndLiveRegion"]').allTextContents();
      throw new Error(`dnd-kit did not announce "${over}" (it said ${JSON.stringify(said)})`, { cause: error });
    });
  await page.mouse.up();
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`Not on screen: ${String(locator)}`);
  return box;
}
