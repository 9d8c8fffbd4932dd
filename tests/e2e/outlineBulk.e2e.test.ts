import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pressDragKey } from '../support/keyboardDrag.ts';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App, type DemoAccount } from './harness.ts';
import { outlineSettled, outlineRow, unfold } from './outlinePage.ts';

/**
 * The outline as the rights table and the keyboard want it: a contributor is offered no delete; "Ajouter un
 * chapitre" from a row's menu puts the focus in the new title; a keyboard drag names what it moves; a missing
 * course is a French "not found" page, asked for once and reported to nobody; the single-choice editor keeps
 * one right answer; three chapters checked by keyboard move together to another module in one request; a
 * bulk delete is undone from its snack. axe, and a phone's width.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const row = outlineRow;
const titles = (page: Page, list: string) =>
  page.getByRole('list', { name: list }).locator(':scope > li[data-node] > div button[aria-pressed]').allTextContents();

interface Made {
  course: number;
  modules: number[];
  chapters: Record<string, number>;
}

/** A course with module "Alpha" (chapters A1..A4) and module "Bêta" (chapter B1), made by `as`. */
async function course(as: DemoAccount): Promise<Made> {
  const post = <T>(path: string, body: unknown) => t.api<T>(path, { method: 'POST', body, as });
  const made = await post<{ id: number }>('/api/courses', { title: `Cours groupé ${stamp()}` });
  const alpha = await post<{ id: number }>('/api/modules', { title: 'Alpha', course: `/api/courses/${made.id}` });
  const beta = await post<{ id: number }>('/api/modules', { title: 'Bêta', course: `/api/courses/${made.id}` });
  const chapters: Record<string, number> = {};
  for (const [title, module] of [
    ['A1', alpha.id],
    ['A2', alpha.id],
    ['A3', alpha.id],
    ['A4', alpha.id],
    ['B1', beta.id],
  ] as const)
    chapters[title] = (await post<{ id: number }>('/api/chapters', { title, module: `/api/modules/${module}` })).id;
  return { course: made.id, modules: [alpha.id, beta.id], chapters };
}

describe('the outline offers what the session may do', () => {
  it('offers a contributor no delete, and names the node a keyboard drag moves', async () => {
    const { page } = t;
    const made = await course('contributeur');
    await t.signIn('contributeur', `/courses/${made.course}/outline`);
    await outlineSettled(page);
    await unfold(page, 'Alpha');
    await row(page, `chapter:${made.chapters.A1}`).getByRole('button', { name: 'Actions sur « A1 »' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Renommer (F2)' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Supprimer' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    // The focus is back on the menu's button.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Actions sur « A1 »');
    // Checked, the chapters offer no delete either.
    await page.getByRole('checkbox', { name: /^Sélectionner « A1 »/ }).check();
    const toolbar = page.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await toolbar.getByRole('button', { name: 'Déplacer…' }).waitFor();
    expect(await toolbar.getByRole('button', { name: 'Supprimer' }).count()).toBe(0);
    await toolbar.getByRole('button', { name: 'Désélectionner' }).click();

    // A keyboard drag's announcements name the chapter moved and where it is.
    const handle = page.getByRole('button', { name: 'Déplacer le chapitre « A1 »' });
    await handle.focus();
    await pressDragKey(page, 'Space');
    const live = page.locator('[id^="DndLiveRegion"]');
    await expect.poll(() => live.textContent()).toContain('« A1 »');
    await pressDragKey(page, 'ArrowDown');
    await expect.poll(() => live.textContent()).toContain('« A1 » est au-dessus de « A2 ».');
    await page.keyboard.press('Escape');
    await expect.poll(() => live.textContent()).toContain('Déplacement de « A1 » annulé.');
  }, 90_000);

  it('puts the focus in the new title after "Ajouter un chapitre" from a row\'s menu', async () => {
    const { page } = t;
    const made = await course('admin');
    await t.signIn('admin', `/courses/${made.course}/outline`);
    await outlineSettled(page);
    await row(page, `module:${made.modules[1]}`).getByRole('button', { name: 'Actions sur « Bêta »' }).click();
    await page.getByRole('menuitem', { name: 'Ajouter un chapitre', exact: true }).click();
    const field = page.getByLabel('Titre du nouveau chapitre');
    await field.waitFor();
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('B2');
    await page.keyboard.press('Enter');
    await expect.poll(() => titles(page, 'Chapitres de « Bêta »')).toEqual(['B1', 'B2']);
  }, 90_000);

  it('shows a missing course as a French "not found" page, asked for once and not reported', async () => {
    const { page } = t;
    const outlineCalls: string[] = [];
    const reports: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/courses\/99999\/outline$/.test(request.url())) outlineCalls.push(request.url());
      if (request.url().endsWith('/api/errorCall')) reports.push(request.url());
    });
    await t.signIn('admin', '/courses/99999/outline');
    await page.getByRole('alert').getByRole('heading', { name: 'Cours introuvable' }).waitFor();
    await page.getByText('Ce cours n’existe pas, ou plus', { exact: false }).waitFor();
    await page.getByRole('link', { name: '← Retour aux cours' }).waitFor();
    await page.waitForTimeout(1500);
    expect(outlineCalls).toHaveLength(1);
    expect(reports).toEqual([]);
    await expectNoSeriousViolation(page);
  }, 60_000);
});

describe('the single-choice editor', () => {
  it('moves the right answer to the option marked, and saves', async () => {
    const { page } = t;
    const made = await course('admin');
    const part = await t.api<{ id: number }>('/api/chapter-parts', {
      method: 'POST',
      as: 'admin',
      body: {
        chapter: `/api/chapters/${made.chapters.A1}`,
        type: 'interactive_select',
        title: 'Question',
        content: {
          question: 'Quelle touche ?',
          options: [
            { label: 'F4', correct: true },
            { label: 'F2', correct: false },
          ],
        },
      },
    });
    await t.signIn('admin', `/chapter-parts/${part.id}`);
    const first = page.locator('[name="content.options.0.correct"]');
    const second = page.locator('[name="content.options.1.correct"]');
    await first.waitFor();
    expect(await first.isChecked()).toBe(true);
    await second.click();
    await expect.poll(() => first.isChecked()).toBe(false);
    expect(await second.isChecked()).toBe(true);
    expect(await page.getByText('Cochez exactement une bonne réponse.').count()).toBe(0);
    const saved = page.waitForResponse(
      (response) => response.url().endsWith(`/api/chapter-parts/${part.id}`) && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await saved).status()).toBe(200);
    const stored = await t.api<{ content: { options: { correct: boolean }[] } }>(`/api/chapter-parts/${part.id}`, {
      as: 'admin',
    });
    expect(stored.content.options.map((option) => option.correct)).toEqual([false, true]);
  }, 60_000);
});

describe('bulk edits in the outline', () => {
  it('checks three chapters by keyboard and moves them to another module in one request; axe, 390 px', async () => {
    const { page } = t;
    const made = await course('admin');
    await t.signIn('admin', `/courses/${made.course}/outline`);
    await outlineSettled(page);
    await unfold(page, 'Alpha');
    await unfold(page, 'Bêta');
    const bulkCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/chapters\/bulk$/.test(request.url())) bulkCalls.push(request.postData() ?? '');
    });
    // Space checks A1; Shift+Down twice extends to A2 and A3.
    await page.getByRole('checkbox', { name: /^Sélectionner « A1 »/ }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    const toolbar = page.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await toolbar.getByText('3 chapitres sélectionnés').waitFor();
    await expectNoSeriousViolation(page);

    await toolbar.getByRole('button', { name: 'Déplacer…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Déplacer 3 chapitres' });
    await dialog.waitFor();
    // The module by typing its first letter in the focused list, the place left at "Au début".
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    await page.keyboard.type('B');
    await expect.poll(() => dialog.getByLabel('Vers le module').inputValue()).toBe(String(made.modules[1]));
    await dialog.getByRole('button', { name: 'Déplacer', exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => titles(page, 'Chapitres de « Bêta »')).toEqual(['A1', 'A2', 'A3', 'B1']);
    await expect.poll(() => titles(page, 'Chapitres de « Alpha »')).toEqual(['A4']);
    expect(bulkCalls).toHaveLength(1);
    expect(JSON.parse(bulkCalls[0])).toMatchObject({
      action: 'move',
      ids: [made.chapters.A1, made.chapters.A2, made.chapters.A3],
      position: 0,
    });

    // On a phone (the page opened at 390 px): the bar and the rows fit, axe still clean.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await outlineSettled(page);
    await page.getByRole('checkbox', { name: /^Sélectionner « A4 »/ }).check();
    await toolbar.getByText('1 chapitre sélectionné').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolation(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 120_000);

  it('deletes checked chapters at once, and "Annuler" brings them back without a request', async () => {
    const { page } = t;
    const made = await course('admin');
    await t.signIn('superadmin', `/courses/${made.course}/outline`);
    await outlineSettled(page);
    await unfold(page, 'Alpha');
    const bulkCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/chapters\/bulk$/.test(request.url())) bulkCalls.push(request.postData() ?? '');
    });
    // Ctrl-click on the titles checks them, without selecting the node.
    await row(page, `chapter:${made.chapters.A1}`)
      .getByRole('button', { name: 'A1', exact: true })
      .click({
        modifiers: ['Control'],
      });
    await row(page, `chapter:${made.chapters.A3}`)
      .getByRole('button', { name: 'A3', exact: true })
      .click({
        modifiers: ['Control'],
      });
    const toolbar = page.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await toolbar.getByText('2 chapitres sélectionnés').waitFor();
    await toolbar.getByRole('button', { name: 'Supprimer' }).click();
    await expect.poll(() => titles(page, 'Chapitres de « Alpha »')).toEqual(['A2', 'A4']);
    await page.getByRole('button', { name: 'Annuler' }).click();
    await expect.poll(() => titles(page, 'Chapitres de « Alpha »')).toEqual(['A1', 'A2', 'A3', 'A4']);
    await page.waitForTimeout(4000);
    expect(bulkCalls).toEqual([]);
  }, 90_000);
});
