import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';
import { outlineRow, outlineSettled, unfold } from './outlinePage.ts';

/**
 * Draft and live in the outline: a published course edited shows "Modifications non publiées" on the course
 * and on the changed node, the learner preview shows either version, "Publier les modifications" makes the
 * draft live (the marks go), and "Annuler les modifications", once confirmed, brings the draft back. axe, and
 * a phone's width.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const UNPUBLISHED = 'Modifications non publiées';
const publishBar = (page: Page) => page.getByRole('region', { name: 'Publication' });

/** Renames a node from its row's menu, once the server has the new title. */
async function rename(page: Page, key: string, from: string, to: string): Promise<void> {
  await outlineRow(page, key)
    .getByRole('button', { name: `Actions sur « ${from} »` })
    .click();
  await page.getByRole('menuitem', { name: 'Renommer (F2)' }).click();
  const field = page.getByLabel('Nouveau titre (Entrée pour enregistrer, Échap pour annuler)');
  await field.fill(to);
  const saved = page.waitForResponse(
    (response) => response.url().includes(`/api/chapters/`) && response.request().method() === 'PUT',
  );
  await field.press('Enter');
  expect((await saved).status()).toBe(200);
}

describe('a published course’s draft in the outline', () => {
  it('marks the changes, previews both versions, publishes them, then discards new ones; axe, 390 px', async () => {
    const { page } = t;
    const post = <T>(path: string, body: unknown) => t.api<T>(path, { method: 'POST', body, as: 'admin' });
    const course = await post<{ id: number }>('/api/courses', { title: `Brouillon ${stamp()}` });
    const module = await post<{ id: number }>('/api/modules', { title: 'Alpha', course: `/api/courses/${course.id}` });
    const chapter = await post<{ id: number }>('/api/chapters', { title: 'A1', module: `/api/modules/${module.id}` });
    await post('/api/chapter-parts', {
      chapter: `/api/chapters/${chapter.id}`,
      type: 'interactive_text',
      title: 'Partie une',
      content: { question: 'Une question' },
    });
    await t.api(`/api/courses/${course.id}/publish`, { method: 'PUT', body: {}, as: 'admin' });
    const key = `chapter:${chapter.id}`;

    await t.signIn('admin', `/courses/${course.id}/outline`);
    await outlineSettled(page);
    await unfold(page, 'Alpha');
    await outlineRow(page, key).getByRole('button', { name: 'A1', exact: true }).waitFor();
    expect(await publishBar(page).getByText(UNPUBLISHED).count()).toBe(0);

    await rename(page, key, 'A1', 'A1 revu');
    await publishBar(page).getByText(UNPUBLISHED).waitFor();
    await outlineRow(page, key).getByRole('button', { name: 'A1 revu', exact: true }).waitFor();
    await outlineRow(page, key).getByLabel(UNPUBLISHED).waitFor();

    // The preview: what learners get, then the draft, on demand.
    await outlineRow(page, key).getByRole('button', { name: 'A1 revu', exact: true }).click();
    const preview = page.getByTestId('learner-chapter');
    await preview.getByRole('heading', { name: 'A1', exact: true }).waitFor();
    const versions = page.getByRole('group', { name: 'Version montrée' });
    await versions.getByRole('button', { name: 'Brouillon' }).click();
    await preview.getByRole('heading', { name: 'A1 revu', exact: true }).waitFor();
    await expectNoSeriousViolation(page);
    await versions.getByRole('button', { name: 'Publiée' }).click();
    await preview.getByRole('heading', { name: 'A1', exact: true }).waitFor();

    // Published: the marks go, learners get the new title.
    const published = page.waitForResponse((response) => response.url().endsWith(`/courses/${course.id}/publish`));
    await publishBar(page).getByRole('button', { name: 'Publier les modifications' }).click();
    expect((await published).status()).toBe(200);
    await publishBar(page).getByText(UNPUBLISHED).waitFor({ state: 'detached' });
    await outlineRow(page, key).getByLabel(UNPUBLISHED).waitFor({ state: 'detached' });
    await preview.getByRole('heading', { name: 'A1 revu', exact: true }).waitFor();
    const menu = await t.api<{ modules: { chapters: { title: string }[] }[] }>(`/api/courses/${course.id}/menu`, {
      as: 'admin',
    });
    expect(menu.modules[0].chapters[0].title).toBe('A1 revu');

    // Edited again, then discarded after the confirmation: the draft is the live version again.
    await rename(page, key, 'A1 revu', 'A1 de trop');
    await outlineRow(page, key).getByLabel(UNPUBLISHED).waitFor();
    await publishBar(page).getByRole('button', { name: 'Annuler les modifications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler les modifications ?' });
    await dialog.waitFor();
    await expectNoSeriousViolation(page);
    const discarded = page.waitForResponse((response) => response.url().endsWith(`/courses/${course.id}/discard`));
    await dialog.getByRole('button', { name: 'Annuler les modifications' }).click();
    expect((await discarded).status()).toBe(200);
    await outlineRow(page, key).getByRole('button', { name: 'A1 revu', exact: true }).waitFor();
    await publishBar(page).getByText(UNPUBLISHED).waitFor({ state: 'detached' });

    // On a phone: the marks and the buttons of an edit, nothing wider than the screen, axe still clean.
    await rename(page, key, 'A1 revu', 'A1 mobile');
    await outlineRow(page, key).getByLabel(UNPUBLISHED).waitFor();
    // Opened at a phone's width (a resized desktop page keeps its side menu open over the page).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await outlineSettled(page);
    await unfold(page, 'Alpha');
    await outlineRow(page, key).getByLabel(UNPUBLISHED).waitFor();
    await publishBar(page).getByText(UNPUBLISHED).waitFor();
    await publishBar(page).getByRole('button', { name: 'Annuler les modifications' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolation(page);
  });
  it('undoes one node’s changes from its menu, keeping the rest of the draft', async () => {
    const { page } = t;
    const post = <T>(path: string, body: unknown) => t.api<T>(path, { method: 'POST', body, as: 'admin' });
    const course = await post<{ id: number }>('/api/courses', { title: `Un seul ${stamp()}` });
    const module = await post<{ id: number }>('/api/modules', { title: 'Beta', course: `/api/courses/${course.id}` });
    const first = await post<{ id: number }>('/api/chapters', { title: 'B1', module: `/api/modules/${module.id}` });
    const second = await post<{ id: number }>('/api/chapters', { title: 'B2', module: `/api/modules/${module.id}` });
    for (const chapter of [first, second])
      await post('/api/chapter-parts', {
        chapter: `/api/chapters/${chapter.id}`,
        type: 'interactive_text',
        title: 'Partie',
        content: { question: 'Une question' },
      });
    await t.api(`/api/courses/${course.id}/publish`, { method: 'PUT', body: {}, as: 'admin' });

    await t.signIn('admin', `/courses/${course.id}/outline`);
    await outlineSettled(page);
    await unfold(page, 'Beta');
    await rename(page, `chapter:${first.id}`, 'B1', 'B1 gardé');
    await rename(page, `chapter:${second.id}`, 'B2', 'B2 de trop');
    const row = outlineRow(page, `chapter:${second.id}`);
    await row.getByLabel(UNPUBLISHED).waitFor();
    await row.getByRole('button', { name: 'Actions sur « B2 de trop »' }).click();
    await page.getByRole('menuitem', { name: 'Annuler ses modifications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler les modifications de « B2 de trop » ?' });
    await dialog.waitFor();
    await expectNoSeriousViolation(page);
    const discarded = page.waitForResponse((response) => response.url().endsWith(`/chapters/${second.id}/discard`));
    await dialog.getByRole('button', { name: 'Annuler les modifications' }).click();
    expect((await discarded).status()).toBe(200);
    await row.getByRole('button', { name: 'B2', exact: true }).waitFor();
    await row.getByLabel(UNPUBLISHED).waitFor({ state: 'detached' });
    // The other chapter's edit stays in the draft.
    await outlineRow(page, `chapter:${first.id}`).getByRole('button', { name: 'B1 gardé', exact: true }).waitFor();
    await publishBar(page).getByText(UNPUBLISHED).waitFor();
  });
});
