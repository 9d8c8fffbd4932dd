import type { Locator, Page } from 'playwright-core';

/**
 * Presses a key on a dnd-kit drag handle, then waits until dnd-kit can take the next one.
 *
 * Once Space picks an item up, dnd-kit's keyboard sensor starts listening for the arrows only from a timer
 * it sets in that same keydown. The browser runs input before timers, so an arrow pressed at once (even
 * after the handle shows it is pressed) can arrive before the sensor listens, and is lost. A timer of our
 * own, set after the key was handled, fires after dnd-kit's; two frames then let React paint the move.
 */
export async function pressDragKey(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 0),
      ),
  );
}

/** Focuses a drag handle and presses its keys one by one, each once dnd-kit has taken the previous one. */
export async function dragByKeyboard(page: Page, handle: Locator, keys: string[]): Promise<void> {
  await handle.focus();
  for (const key of keys) await pressDragKey(page, key);
}
