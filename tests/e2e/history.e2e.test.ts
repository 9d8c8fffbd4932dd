import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';
import { outlineSettled, outlineTree } from './outlinePage.ts';

/**
 * Every change kept, in a browser: an author changes a part's text twice in its edit form, opens the
 * part's Historique in the course outline, sees the difference as removed and added lines, restores the
 * first version, and the learner's preview shows it again; the Journal lists the changes, a row opens the
 * part in the side panel, whose Historique shows them too; both screens pass axe and fit 390 px.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const VERSIONS = ['Version une', 'Version deux', 'Version trois'];
const markdown = (heading: string) => `## ${heading}\n\nUn paragraphe qui ne change pas.`;

interface Arranged {
  course: number;
  module: number;
  chapter: number;
  part: number;
  title: string;
}

/** A record created by the admin, through the API. */
const create = (path: string, body: Record<string, unknown>) =>
  t.api<{ id: number }>(path, { method: 'POST', body, as: 'admin' });

/** A course of the admin's structure with one module, one chapter and one Markdown part at its first version. */
async function arrange(): Promise<Arranged> {
  const title = `Partie historique ${stamp()}`;
  const course = await create('/api/courses', { title: `Cours historique ${stamp()}` });
  const module = await create('/api/modules', { title: 'Module historique', course: course.id });
  const chapter = await create('/api/chapters', { title: 'Chapitre historique', module: module.id });
  const part = await create('/api/chapter-parts', {
    chapter: chapter.id,
    type: 'text_markdown',
    title,
    content: { markdown: markdown(VERSIONS[0]) },
  });
  return { course: course.id, module: module.id, chapter: chapter.id, part: part.id, title };
}

/** The author's edit of the part's text, through its edit form. */
async function editText(page: Page, part: number, heading: string): Promise<void> {
  await t.goto(`/chapter-parts/${part}`);
  const text = page.locator('[name="content.markdown"]');
  await expect.poll(() => text.inputValue()).toContain('##');
  await text.fill(markdown(heading));
  const saved = page.waitForResponse(
    (response) => response.url().endsWith(`/api/chapter-parts/${part}`) && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  expect((await saved).status()).toBe(200);
  // The form then goes back to the list: a navigation before that would race it.
  await page.waitForURL((url) => !url.hash.startsWith(`#/chapter-parts/${part}`));
}

const revisions = (page: Page) => page.getByRole('list', { name: 'Modifications de cet élément' }).locator('> li');
const lines = (page: Page, kind: 'del' | 'ins') =>
  page
    .getByRole('list', { name: 'Modifications de cet élément' })
    .locator('> li')
    .first()
    .locator(kind)
    .allTextContents();

/**
 * The journal's row of an entry about the part: by its element, since a phone's width lays the table out
 * as blocks, which then have no table roles.
 */
// A row of the table, or on a phone the list's line.
const rowsOf = (page: Page, title: string) =>
  page.locator('tbody tr, [data-testid="phone-line"] [role="button"]').filter({ hasText: title });

/** No part of the page reaches past a phone's width. */
const fitsPhone = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

describe("a record's history", () => {
  let arranged: Arranged;

  it('shows the difference of two edits and restores the first version, which the preview then shows', async () => {
    const { page } = t;
    arranged = await arrange();
    await t.signIn('admin');
    await editText(page, arranged.part, VERSIONS[1]);
    await editText(page, arranged.part, VERSIONS[2]);

    // The part selected in its course's outline, its Historique beside the tree.
    await t.goto(`/courses/${arranged.course}/outline`);
    await outlineSettled(page);
    const outline = outlineTree(page);
    await outline.getByRole('button', { name: 'Déplier « Module historique »' }).click();
    await outline.getByRole('button', { name: 'Déplier « Chapitre historique »' }).click();
    const partTitle = page
      .locator(`[data-node="part:${arranged.part}"]`)
      .getByRole('button', { name: arranged.title, exact: true });
    await partTitle.click();
    await expect.poll(() => partTitle.getAttribute('aria-pressed')).toBe('true');
    const historyTab = page.getByRole('tab', { name: 'Historique' });
    await historyTab.click();
    await expect.poll(() => historyTab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => revisions(page).count()).toBe(3);
    const newest = revisions(page).first();
    await newest.getByText('Version actuelle').waitFor();
    expect(await newest.textContent()).toContain('Modification par Antoine Durand');
    // Only the heading changed: it is the removed and the added line, the paragraph is neither.
    await expect.poll(() => lines(page, 'del')).toEqual([`−## ${VERSIONS[1]}`]);
    expect(await lines(page, 'ins')).toEqual([`+## ${VERSIONS[2]}`]);
    expect(await newest.getByText('Un paragraphe qui ne change pas.').count()).toBe(1);
    await expectNoSeriousViolation(page);

    // The first version: the part's creation, last of the list.
    const first = revisions(page).last();
    expect(await first.textContent()).toContain('Création');
    await first.getByRole('button', { name: 'Restaurer cette version' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Restaurer cette version ?').waitFor();
    const restored = page.waitForResponse(
      (response) =>
        /\/api\/chapter-parts\/\d+\/revisions\/\d+\/restore$/.test(response.url()) &&
        response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Restaurer cette version' }).click();
    expect((await restored).status()).toBe(200);
    await page.getByText('Version restaurée').waitFor();
    // The restore is itself a change, newest of the history.
    await expect.poll(() => revisions(page).count()).toBe(4);
    expect(await revisions(page).first().textContent()).toContain('Restauration par Antoine Durand');

    // The learner's preview shows the first version again.
    await page.getByRole('tab', { name: 'Aperçu apprenant' }).click();
    await page.getByTestId('learner-chapter').getByRole('heading', { name: VERSIONS[0] }).waitFor();
    const part = await t.api<{ content: { markdown: string } }>(`/api/chapter-parts/${arranged.part}`, { as: 'admin' });
    expect(part.content.markdown).toBe(markdown(VERSIONS[0]));
  });

  it('says the record changed meanwhile when a restore starts from an older version', async () => {
    const { page } = t;
    const { part, chapter } = arranged;
    await t.signIn('admin', `/chapter-parts?filter=${encodeURIComponent(JSON.stringify({ chapter }))}`);
    await page.getByRole('cell', { name: arranged.title, exact: true }).first().click();
    const panel = page.getByTestId('side-panel');
    await panel.getByRole('tab', { name: 'Historique' }).click();
    await expect.poll(() => revisions(page).count()).toBe(4);
    // Someone else writes the part while the history is open.
    await t.api(`/api/chapter-parts/${part}`, {
      method: 'PUT',
      body: { content: { markdown: markdown('Version du collègue') } },
      as: 'superadmin',
    });
    await revisions(page).last().getByRole('button', { name: 'Restaurer cette version' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restaurer cette version' }).click();
    await page.getByText("Quelqu'un a modifié cet élément entre-temps", { exact: false }).first().waitFor();
    const after = await t.api<{ content: { markdown: string } }>(`/api/chapter-parts/${part}`, { as: 'admin' });
    expect(after.content.markdown).toBe(markdown('Version du collègue'));
  });
});

describe('the journal', () => {
  it('lists the changes, a row opening the part in the side panel with its history; axe', async () => {
    const { page } = t;
    const { part, title } = await arrange();
    await t.signIn('admin');
    await editText(page, part, VERSIONS[1]);
    await t.goto('/audit-log');
    const row = rowsOf(page, title).first();
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('Modification');
    expect(text).toContain('Partie de chapitre');
    expect(text).toContain('Contenu');
    expect(text).toContain('Antoine Durand');
    // Sign-ins are left out until asked for: the admin's own, just now, is not listed.
    expect(await page.getByRole('cell', { name: 'Connexion', exact: true }).count()).toBe(0);
    await expectNoSeriousViolation(page);

    // Filtered by action: the creation alone.
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Création', exact: true }).click();
    await expect
      .poll(async () => (await rowsOf(page, title).allTextContents()).join('|'))
      .not.toContain('Modification');

    await rowsOf(page, title).first().click();
    const panel = page.getByTestId('side-panel');
    await panel.getByRole('heading', { name: title }).waitFor();
    await panel.getByRole('tab', { name: 'Historique' }).click();
    await expect.poll(() => revisions(page).count()).toBe(2);
    await expectNoSeriousViolation(page);
  });

  it('fits 390 px, the side panel and its history over the page; axe', async () => {
    const { page } = t;
    const { part, title } = await arrange();
    // A phone from the start: its menu is a drawer, closed.
    await page.setViewportSize({ width: 390, height: 844 });
    await t.signIn('admin');
    await editText(page, part, VERSIONS[1]);
    await t.goto('/audit-log');
    await rowsOf(page, title).first().waitFor();
    await fitsPhone(page);
    await expectNoSeriousViolation(page);

    await rowsOf(page, title).first().click();
    const panel = page.getByTestId('side-panel');
    await panel.getByRole('tab', { name: 'Historique' }).click();
    await expect.poll(() => revisions(page).count()).toBe(2);
    await revisions(page).first().locator('ins').first().waitFor();
    await fitsPhone(page);
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expectNoSeriousViolation(page);
  });
});
