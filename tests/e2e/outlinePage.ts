import type { Page } from 'playwright-core';

/** The course outline's tree of modules, chapters and parts. */
export const outlineTree = (page: Page) => page.getByRole('region', { name: 'Plan du cours' });

/** A node's row by its key (`module-12`, `chapter-7`...). */
export const outlineRow = (page: Page, key: string) => page.locator(`[data-node="${key}"]`).first();

/** Opens a module or chapter of the tree by its title, unless it is open already. */
export async function unfold(page: Page, title: string): Promise<void> {
  const button = outlineTree(page).getByRole('button', { name: new RegExp(`^(Déplier|Replier) « ${title} »$`) });
  await button.waitFor();
  if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
  await outlineTree(page)
    .getByRole('button', { name: `Replier « ${title} »` })
    .waitFor();
}

/**
 * Waits until the outline page has mounted what comes after its tree: the course's fields and its tags and
 * skills above the tree (in a place kept for them), and the side panel beside it, so that what a test does
 * next is not raced by their mounting. Then the tree's branches are shown.
 */
export async function outlineSettled(page: Page): Promise<void> {
  await outlineTree(page).waitFor();
  const details = page.getByRole('region', { name: 'Le cours' });
  await details
    .getByText(/^Titre/)
    .first()
    .waitFor();
  await details.getByRole('region', { name: 'Tags' }).waitFor();
  await details.getByRole('region', { name: 'Compétences' }).waitFor();
  await page.getByRole('complementary', { name: 'Aperçu et commentaires' }).getByRole('tab').first().waitFor();
}
