import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { startApp, type App } from './harness.ts';

/**
 * A stale write as two admins see it: a save made from a version someone else has since saved over
 * is refused and said so, what was typed stays until the user reloads; and a delete of a record still
 * used by others says that, not that someone changed it.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const STALE = "Quelqu'un a modifié cet élément pendant que vous l'éditiez. Rechargez pour voir sa version actuelle.";
const REFERENCED = "Cet élément est encore utilisé par d'autres éléments : retirez-les ou déplacez-les d'abord.";

/** The harness logs in `t.page` only: the second admin's own browser context logs in the same way. */
async function logIn(page: Page, email: string): Promise<void> {
  await page.goto(`${t.baseUrl}/#/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.locator('#main-content').waitFor();
}

interface Course {
  id: number;
  title: string;
  description: string | null;
}

describe('two admins editing the same course', () => {
  it('the second save is refused with the stale message, keeps its text, and reloading shows the first save', async () => {
    const [course] = await t.api<Course[]>('/api/courses?itemsPerPage=1&order[id]=asc');
    const first = t.page;
    await t.signIn('admin');
    const otherContext = await t.context
      .browser()!
      .newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
    otherContext.setDefaultTimeout(20_000);
    try {
      const second = await otherContext.newPage();
      await logIn(second, 'superadmin@demo.fr');

      // Both open the course's edit form.
      await t.goto(`/courses/${course.id}`);
      await second.goto(`${t.baseUrl}/#/courses/${course.id}`);
      for (const page of [first, second])
        await expect.poll(() => page.locator('[name="title"]').inputValue()).toBe(course.title);

      // The first changes the title and saves.
      const newTitle = `${course.title} (revu ${Date.now().toString(36)})`;
      await first.locator('[name="title"]').fill(newTitle);
      await first.getByRole('button', { name: 'Enregistrer' }).click();
      await first.getByText('Modification effectuée').first().waitFor();

      // The second, still on the version it opened, changes the description and saves.
      const typed = 'Une description écrite pendant que le titre changeait.';
      await second.locator('textarea[name="description"]').fill(typed);
      const refused = second.waitForResponse(
        (response) => response.request().method() === 'PUT' && response.url().endsWith(`/api/courses/${course.id}`),
      );
      await second.getByRole('button', { name: 'Enregistrer' }).click();
      expect((await refused).status()).toBe(409);
      const alert = second.getByRole('alert').filter({ hasText: STALE });
      await alert.waitFor();

      // Nothing was written, nothing typed was lost, the form is still open.
      const stored = await t.api<Course>(`/api/courses/${course.id}`);
      expect(stored).toMatchObject({ title: newTitle, description: course.description });
      expect(await second.locator('textarea[name="description"]').inputValue()).toBe(typed);
      expect(await second.locator('[name="title"]').inputValue()).toBe(course.title);
      expect(new URL(second.url()).hash).toBe(`#/courses/${course.id}`);

      // Reloading shows the first admin's version, and the message goes.
      await alert.getByRole('button', { name: 'Recharger' }).click();
      await expect.poll(() => second.locator('[name="title"]').inputValue()).toBe(newTitle);
      expect(await second.locator('textarea[name="description"]').inputValue()).toBe(course.description ?? '');
      await expect.poll(() => second.getByText(STALE).count()).toBe(0);

      // From there a save goes through.
      await second.locator('textarea[name="description"]').fill(typed);
      await second.getByRole('button', { name: 'Enregistrer' }).click();
      await second.getByText('Modification effectuée').first().waitFor();
      expect(await t.api<Course>(`/api/courses/${course.id}`)).toMatchObject({ title: newTitle, description: typed });
    } finally {
      await otherContext.close();
    }
    // Two browser contexts each load and log in the app: twice a usual test's time on 2 busy cores.
  }, 120_000);
});

describe('deleting a record still used by others', () => {
  it('says it is still used, not that someone changed it, and keeps it', async () => {
    // A folder that holds sheets (the server refuses to delete it, 409 `referenced`).
    const sheets = await t.api<{ folder: string | null }[]>('/api/sheets?itemsPerPage=50');
    const folderId = Number(
      sheets
        .find((sheet) => sheet.folder)!
        .folder!.split('/')
        .pop(),
    );
    const page = t.page;
    await t.signIn('superadmin', `/folders/${folderId}`);
    await page.locator('[name="name"]').waitFor();
    await page.getByRole('button', { name: 'Supprimer' }).click();
    const refused = page.waitForResponse((response) => response.request().method() === 'DELETE');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    expect((await refused).status()).toBe(409);
    await page.getByText(REFERENCED).waitFor();
    expect(await page.getByText(STALE).count()).toBe(0);
    expect(await page.getByText(/entre-temps/).count()).toBe(0);
    await t.api(`/api/folders/${folderId}`);
  });
});
