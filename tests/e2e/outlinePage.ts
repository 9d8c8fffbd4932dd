import type { Page } from 'playwright-core';

/** The course outline's tree of modules, chapters and parts. */
export const outlineTree = (page: Page) => page.getByRole('region', { name: 'Plan du cours' });

/**
 * Waits until the outline page has mounted what comes after its tree: the course's fields and its tags and
 * skills above the tree, and the side panel beside it. Their arrival pushes the tree down by the height of a
 * form; a click aimed at a row before that lands wherever the row was. Then the tree's branches are shown.
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
