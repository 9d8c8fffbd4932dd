import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';

/**
 * A course carried by file and run again, in a browser: an author exports a course from its outline,
 * imports the zip from the courses list (a broken file first, refused with its problems in French), lands
 * on the new course's outline, then starts a "Nouvelle session" of it; both dialogs pass axe, wide and at
 * a phone's width.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const PHONE = { width: 390, height: 844 };
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const outlineOpened = (page: Page, not: number[]) =>
  expect
    .poll(() => {
      const id = Number(/#\/courses\/(\d+)\/outline/.exec(page.url())?.[1]);
      return Number.isInteger(id) && !not.includes(id) ? id : undefined;
    })
    .toBeDefined();

describe('a course exported, imported and run again', () => {
  it('exports from the outline, imports from the list (a broken file refused first), then starts a new session', async () => {
    const { page } = t;
    const name = `Cours voyageur ${stamp()}`;
    const course = await t.api<{ id: number }>('/api/courses', { method: 'POST', body: { title: name }, as: 'admin' });
    const module = await t.api<{ id: number }>('/api/modules', {
      method: 'POST',
      body: { title: 'Module unique', course: course.id },
      as: 'admin',
    });
    const chapter = await t.api<{ id: number }>('/api/chapters', {
      method: 'POST',
      body: { title: 'Chapitre premier', module: module.id },
      as: 'admin',
    });
    await t.api('/api/chapter-parts', {
      method: 'POST',
      body: { chapter: chapter.id, type: 'text_markdown', title: 'Texte', content: { markdown: 'Bonjour' } },
      as: 'admin',
    });

    // Export from the course's outline: the zip holds course.json with the tree.
    await t.signIn('admin', `/courses/${course.id}/outline`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `Exporter « ${name} »` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${name}.zip`);
    const bytes = await readFile(await download.path());
    const zip = await JSZip.loadAsync(bytes);
    const manifest = JSON.parse(await zip.file('course.json')!.async('string'));
    expect(manifest.course.modules[0].chapters[0].parts[0].content).toEqual({ markdown: 'Bonjour' });

    // A broken file first: its problems shown in French, nothing created.
    manifest.version = 42;
    manifest.course.modules[0].chapters[0].parts[0].type = 'hologramme';
    const broken = await new JSZip()
      .file('course.json', JSON.stringify(manifest))
      .generateAsync({ type: 'nodebuffer' });
    await t.goto('/courses');
    await page.getByRole('button', { name: 'Importer un cours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer un cours' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'casse.zip', mimeType: 'application/zip', buffer: broken });
    await dialog.getByText('Fichier choisi : casse.zip').waitFor();
    await expectNoSeriousViolation(page);
    await dialog.getByRole('button', { name: 'Importer', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText('Le fichier a été refusé :').waitFor();
    await alert.getByText(/Version de format inconnue \(42\)/).waitFor();
    await expectNoSeriousViolation(page);
    await page.setViewportSize(PHONE);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolation(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The exported file: a new draft course, whose outline opens.
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cours.zip', mimeType: 'application/zip', buffer: bytes });
    await dialog.getByRole('button', { name: 'Importer', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await outlineOpened(page, [course.id]);
    const importedId = Number(/#\/courses\/(\d+)\/outline/.exec(page.url())![1]);
    await page.getByText('Chapitre premier').first().waitFor();
    const imported = await t.api<{ title: string; status: string }>(`/api/courses/${importedId}`, { as: 'admin' });
    expect(imported).toMatchObject({ title: name, status: 'draft' });

    // A new session of it, its dates shifted by a week; the dialog checked wide and on a phone.
    await page.getByRole('button', { name: `Nouvelle session de « ${name} »` }).click();
    const rerun = page.getByRole('dialog', { name: 'Nouvelle session du cours' });
    const title = rerun.getByRole('textbox', { name: 'Titre de la nouvelle session' });
    await expect.poll(() => title.inputValue()).toBe(`${name} (nouvelle session)`);
    await title.fill(`${name} — automne`);
    await rerun.getByRole('textbox', { name: 'Décalage (en jours)' }).fill('sept');
    await rerun.getByText('Saisissez un nombre entier de jours entre -36500 et 36500.').waitFor();
    expect(await rerun.getByRole('button', { name: 'Créer la session' }).isDisabled()).toBe(true);
    await rerun.getByRole('textbox', { name: 'Décalage (en jours)' }).fill('7');
    await expectNoSeriousViolation(page);
    await page.setViewportSize(PHONE);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolation(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/courses/${importedId}/rerun`) && response.request().method() === 'POST',
    );
    await rerun.getByRole('button', { name: 'Créer la session' }).click();
    expect((await created).request().postDataJSON()).toEqual({ title: `${name} — automne`, dateOffsetDays: 7 });
    await outlineOpened(page, [course.id, importedId]);
    const sessionId = Number(/#\/courses\/(\d+)\/outline/.exec(page.url())![1]);
    await page.getByText('Chapitre premier').first().waitFor();
    expect(await t.api<{ title: string; status: string }>(`/api/courses/${sessionId}`, { as: 'admin' })).toMatchObject({
      title: `${name} — automne`,
      status: 'draft',
    });
  });
});
