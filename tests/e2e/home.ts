import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Where every role lands once signed in: the home page, its title the page's heading. */
export const home = (page: Page) => page.getByRole('heading', { level: 1, name: 'Tableau de bord' });

/** The home page with every card's figures in: none of its requests is left in flight. */
export async function homeLoaded(page: Page): Promise<void> {
  await home(page).waitFor();
  await page.getByTestId('card-saved-views').waitFor();
  await expect.poll(() => page.locator('[data-testid^="card-"][aria-busy="true"]').count()).toBe(0);
}
