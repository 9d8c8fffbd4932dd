import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';
import { outlineSettled, outlineTree } from './outlinePage.ts';

/**
 * The recycle bin in a browser: a chapter deleted from the course outline (after its undo snackbar lapsed)
 * is found in "Corbeille", restored, and back in its place in the outline; so is a module of a published
 * course, whose removal used to skip the bin; the bin passes axe, wide and 390 px wide, and says when it is
 * empty.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const chapterTitles = (page: Page, module: string) =>
  page
    .getByRole('list', { name: `Chapitres de « ${module} »` })
    .locator(':scope > li[data-node] > div button[aria-pressed]')
    .allTextContents();

describe('Corbeille', () => {
  it('restores a chapter deleted from the outline into its place', async () => {
    const { page } = t;
    const name = `Cours corbeille ${stamp()}`;
    const module = `Module ${stamp()}`;
    const course = await t.api<{ id: number }>('/api/courses', { method: 'POST', body: { title: name } });
    const made = await t.api<{ id: number }>('/api/modules', {
      method: 'POST',
      body: { title: module, course: `/api/courses/${course.id}` },
    });
    const chapters: number[] = [];
    for (const title of ['Alpha', 'Bravo', 'Charlie'])
      chapters.push(
        (
          await t.api<{ id: number }>('/api/chapters', {
            method: 'POST',
            body: { title, module: `/api/modules/${made.id}` },
          })
        ).id,
      );
    await t.api('/api/chapter-parts', {
      method: 'POST',
      body: { chapter: `/api/chapters/${chapters[1]}`, type: 'notes', title: 'Note', content: { text: 'Texte' } },
    });

    await t.signIn('superadmin', `/courses/${course.id}/outline`);
    await outlineSettled(page);
    const unfold = outlineTree(page).getByRole('button', { name: `Déplier « ${module} »` });
    await unfold.click();
    await expect.poll(() => chapterTitles(page, module)).toEqual(['Alpha', 'Bravo', 'Charlie']);

    // Deleted from the outline: confirmed (it has a part), then sent once its undo snackbar is gone.
    await outlineTree(page).getByRole('button', { name: 'Actions sur « Bravo »' }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    const deleted = page.waitForResponse(
      (response) => response.request().method() === 'DELETE' && response.url().endsWith(`/api/chapters/${chapters[1]}`),
      { timeout: 20_000 },
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    expect((await deleted).status()).toBe(204);
    await expect.poll(() => chapterTitles(page, module)).toEqual(['Alpha', 'Charlie']);

    // Found in the bin, with its part, and restored.
    await t.goto('/recycle-bin');
    const row = page.locator('tbody tr').filter({ hasText: 'Bravo' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('1 partie de chapitre');
    await expectNoSeriousViolation(page);
    await row.getByRole('button', { name: 'Restaurer « Bravo »' }).click();
    await page.getByText('« Bravo » a été restauré.').waitFor();
    await row.waitFor({ state: 'detached' });

    // Back in its place in the outline.
    await t.goto(`/courses/${course.id}/outline`);
    await outlineSettled(page);
    const branch = outlineTree(page).getByRole('button', { name: new RegExp(`^(Déplier|Replier) « ${module} »$`) });
    if ((await branch.getAttribute('aria-expanded')) === 'false') await branch.click();
    await expect.poll(() => chapterTitles(page, module)).toEqual(['Alpha', 'Bravo', 'Charlie']);
  }, 120_000);

  it('keeps a module deleted from a published course, and restores it alone into the draft', async () => {
    const { page } = t;
    const name = `Cours publié ${stamp()}`;
    const course = await t.api<{ id: number }>('/api/courses', { method: 'POST', body: { title: name } });
    const modules: Record<string, number> = {};
    for (const title of ['Premier', 'Second']) {
      const made = await t.api<{ id: number }>('/api/modules', {
        method: 'POST',
        body: { title, course: `/api/courses/${course.id}` },
      });
      modules[title] = made.id;
      const chapter = await t.api<{ id: number }>('/api/chapters', {
        method: 'POST',
        body: { title: `Chapitre ${title}`, module: `/api/modules/${made.id}` },
      });
      await t.api('/api/chapter-parts', {
        method: 'POST',
        body: { chapter: `/api/chapters/${chapter.id}`, type: 'notes', title: 'Note', content: { text: 'Texte' } },
      });
    }
    await t.api(`/api/courses/${course.id}/publish`, { method: 'PUT', body: {} });

    await t.signIn('superadmin', `/courses/${course.id}/outline`);
    await outlineSettled(page);
    const moduleTitles = () =>
      outlineTree(page).locator('li[data-node^="module"] > div button[aria-pressed]').allTextContents();
    await expect.poll(moduleTitles).toEqual(['Premier', 'Second']);
    await outlineTree(page).getByRole('button', { name: 'Actions sur « Premier »' }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    const deleted = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' && response.url().endsWith(`/api/modules/${modules.Premier}`),
      { timeout: 20_000 },
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    expect((await deleted).status()).toBe(204);
    await expect.poll(moduleTitles).toEqual(['Second']);

    // In the bin, with what it holds, at 390 px too.
    await page.setViewportSize({ width: 390, height: 844 });
    await t.goto('/recycle-bin');
    const line = page.getByTestId('phone-line').filter({ hasText: 'Premier' });
    await line.waitFor();
    await expectNoSeriousViolation(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    const row = page.locator('tbody tr').filter({ hasText: 'Premier' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('1 chapitre');
    await expectNoSeriousViolation(page);
    await row.getByRole('button', { name: 'Restaurer « Premier »' }).click();
    await page.getByText('« Premier » a été restauré.').waitFor();

    // Back in the draft, first again; nothing left to publish.
    await t.goto(`/courses/${course.id}/outline`);
    await outlineSettled(page);
    await expect.poll(moduleTitles).toEqual(['Premier', 'Second']);
    const draft = await t.api<{ changed: boolean }>(`/api/courses/${course.id}/draft`);
    expect(draft.changed).toBe(false);
  }, 150_000);

  it('works 390 px wide, empties with a confirmation, and says when it is empty', async () => {
    const { page } = t;
    const sheet = await t.api<{ id: number }>('/api/sheets', { method: 'POST', body: { title: `Fiche ${stamp()}` } });
    await t.api(`/api/sheets/${sheet.id}`, { method: 'DELETE' });
    await page.setViewportSize({ width: 390, height: 844 });
    await t.signIn('superadmin', '/recycle-bin');
    await page.getByTestId('phone-line').first().waitFor();
    const button = page.getByRole('button', { name: 'Vider la corbeille' });
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box)).toBe(true);
    await expectNoSeriousViolation(page);

    await button.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Vider la corbeille' }).click();
    await page.getByText('La corbeille est vide', { exact: true }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolation(page);
  }, 120_000);
});
