import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';
import { outlineSettled, outlineTree, outlineRow, unfold } from './outlinePage.ts';
import { dragByKeyboard } from '../support/keyboardDrag.ts';
import { dragByPointer } from './pointerDrag.ts';

/**
 * The course outline in a browser: an author builds a course in its outline (module, chapter, three parts), reorders
 * parts by drag and by keyboard (the order and the open branches hold after a reload), moves a chapter to
 * another module (it holds after a reload), inserts a template chapter, is refused a
 * prerequisite cycle, is refused a publish for an empty chapter then publishes, and sees the parts in the
 * learner's preview; the page passes axe, wide and at a phone's width.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const row = outlineRow;
// Each row's own title: an open row's children are in its <li> too, after the row itself (its <div>).
const titles = (page: Page, list: string) =>
  page.getByRole('list', { name: list }).locator(':scope > li[data-node] > div button[aria-pressed]').allTextContents();

/** Opens a module or chapter of the outline, once it is there, unless it is open already. */

async function addPart(page: Page, chapter: string, title: string, markdown: string): Promise<void> {
  await row(page, 'chapter:' + chapter)
    .getByRole('button', { name: 'Ajouter une partie' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle partie' });
  await dialog.locator('[name="title"]').fill(title);
  await dialog.locator('[name="content.markdown"]').fill(markdown);
  await dialog.getByRole('button', { name: 'Créer la partie' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const reorderDone = (page: Page) =>
  page.waitForResponse(
    (response) => /\/api\/chapter-parts\/\d+\/reorder$/.test(response.url()) && response.request().method() === 'PUT',
  );

describe('the course outline', () => {
  it('builds a course, reorders by drag and by keyboard, and the order holds after a reload; preview and axe', async () => {
    const { page } = t;
    const name = `Cours plan ${stamp()}`;
    const course = await t.api<{ id: number }>('/api/courses', { method: 'POST', body: { title: name }, as: 'admin' });
    await t.signIn('admin');
    // From the courses list (newest first): each row opens its outline.
    await t.goto('/courses');
    // Where the tree's heading is at each change of the page: the course's form, its tags and skills mount
    // above the tree once it is painted, in a place kept for them, and must not push it down.
    await page.evaluate(() => {
      const tops: number[] = [];
      (window as unknown as { outlineTops: number[] }).outlineTops = tops;
      new MutationObserver(() => {
        const heading = document.getElementById('outline-title');
        const top = heading && Math.round(heading.getBoundingClientRect().top + window.scrollY);
        if (top !== null && top !== tops[tops.length - 1]) tops.push(top);
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    await page.getByRole('link', { name: `Ouvrir le plan du cours « ${name} »` }).click();
    await outlineSettled(page);
    expect(page.url()).toContain(`/courses/${course.id}/outline`);
    expect(await page.evaluate(() => (window as unknown as { outlineTops: number[] }).outlineTops)).toHaveLength(1);

    await outlineTree(page).getByRole('button', { name: 'Ajouter un module' }).click();
    await page.getByLabel('Titre du nouveau module').fill('Les bases');
    await page.getByLabel('Titre du nouveau module').press('Enter');
    await outlineTree(page).getByRole('button', { name: 'Déplier « Les bases »' }).waitFor();
    await unfold(page, 'Les bases');
    await outlineTree(page).getByRole('button', { name: 'Ajouter un chapitre' }).click();
    await page.getByLabel('Titre du nouveau chapitre').fill('Premiers pas');
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await outlineTree(page).getByRole('button', { name: 'Déplier « Premiers pas »' }).click();
    const chapter = Number(
      (await page.locator('[data-node^="chapter:"]').first().getAttribute('data-node'))?.split(':')[1],
    );
    for (const [title, heading] of [
      ['Un', 'Partie un'],
      ['Deux', 'Partie deux'],
      ['Trois', 'Partie trois'],
    ])
      await addPart(page, String(chapter), title, `## ${heading}\n\nTexte.`);
    const parts = 'Parties de « Premiers pas »';
    await expect.poll(() => titles(page, parts)).toEqual(['Un', 'Deux', 'Trois']);

    // The learner's preview: the chapter as /displayable gives it, each part drawn by its type.
    await row(page, `chapter:${chapter}`).getByRole('button', { name: 'Premiers pas', exact: true }).click();
    const preview = page.getByTestId('learner-chapter');
    for (const heading of ['Partie un', 'Partie deux', 'Partie trois'])
      await preview.getByRole('heading', { name: heading }).waitFor();
    await expectNoSeriousViolation(page);

    // By pointer: "Trois" dropped on "Un" goes first.
    let done = reorderDone(page);
    await dragByPointer(
      page,
      page.getByRole('button', { name: 'Déplacer la partie « Trois »' }),
      row(page, await partKey(page, 'Un')),
      '« Trois » est au-dessus de « Un ».',
    );
    expect((await done).status()).toBe(200);
    await expect.poll(() => titles(page, parts)).toEqual(['Trois', 'Un', 'Deux']);
    // By keyboard: "Deux" picked up with Space, one place up, dropped with Space.
    done = reorderDone(page);
    await dragByKeyboard(page, page.getByRole('button', { name: 'Déplacer la partie « Deux »' }), [
      'Space',
      'ArrowUp',
      'Space',
    ]);
    expect((await done).status()).toBe(200);
    await expect.poll(() => titles(page, parts)).toEqual(['Trois', 'Deux', 'Un']);
    // The learner's preview follows the moves once the server has them (it asks as soon as a move shows).
    const previewOrder = async () =>
      (await preview.getByRole('heading').allTextContents()).filter((text) => text.startsWith('Partie '));
    await expect.poll(previewOrder).toEqual(['Partie trois', 'Partie deux', 'Partie un']);

    // After a reload the branches are still open (kept per course) and the order holds.
    await page.reload();
    await outlineSettled(page);
    await expect.poll(() => titles(page, parts)).toEqual(['Trois', 'Deux', 'Un']);
  }, 120_000);

  it('inserts a template chapter, refuses a prerequisite cycle, refuses then accepts a publish; fits a phone', async () => {
    const { page } = t;
    const templateTitle = `Modèle ${stamp()}`;
    const course = await t.api<{ id: number }>('/api/courses', {
      method: 'POST',
      body: { title: `Cours ${stamp()}` },
      as: 'admin',
    });
    const module = await t.api<{ id: number }>('/api/modules', {
      method: 'POST',
      body: { title: 'Module', course: course.id },
      as: 'admin',
    });
    const first = await t.api<{ id: number }>('/api/chapters', {
      method: 'POST',
      body: { title: 'Avant', module: module.id },
      as: 'admin',
    });
    const second = await t.api<{ id: number }>('/api/chapters', {
      method: 'POST',
      body: { title: 'Après', module: module.id },
      as: 'admin',
    });
    for (const chapter of [first.id, second.id])
      await t.api('/api/chapter-parts', {
        method: 'POST',
        body: { chapter, type: 'notes', title: 'Note', content: { text: 'note' } },
        as: 'admin',
      });
    await t.api(`/api/chapters/${second.id}/add-chapter-unlocks`, {
      method: 'PUT',
      body: { chapters: [`/api/chapters/${first.id}`] },
      as: 'admin',
    });
    const other = await t.api<{ id: number }>('/api/modules', {
      method: 'POST',
      body: { title: 'Autre', course: course.id },
      as: 'admin',
    });
    const elsewhere = await t.api<{ id: number }>('/api/chapters', {
      method: 'POST',
      body: { title: 'Ailleurs', module: other.id },
      as: 'admin',
    });
    await t.api('/api/chapter-parts', {
      method: 'POST',
      body: { chapter: elsewhere.id, type: 'notes', title: 'Note', content: { text: 'note' } },
      as: 'admin',
    });
    const template = await t.api<{ id: number }>('/api/chapters', {
      method: 'POST',
      body: { title: templateTitle, isTemplate: true },
      as: 'admin',
    });
    await t.api('/api/chapter-parts', {
      method: 'POST',
      body: { chapter: template.id, type: 'notes', title: 'Du modèle', content: { text: 'modèle' } },
      as: 'admin',
    });

    await t.signIn('admin', `/courses/${course.id}/outline`);
    await outlineSettled(page);
    await unfold(page, 'Module');
    // The chapter with a prerequisite shows a lock.
    await row(page, `chapter:${second.id}`).getByRole('img', { name: 'Un prérequis à valider avant' }).waitFor();

    // A template, searched for, copied at the end of the module with its part.
    await outlineTree(page).getByRole('button', { name: 'Insérer un chapitre modèle' }).click();
    const templates = page.getByRole('dialog', { name: 'Insérer un chapitre modèle' });
    await templates.getByLabel('Rechercher un modèle').fill(templateTitle);
    await templates.getByRole('button', { name: templateTitle }).click();
    await templates.waitFor({ state: 'detached' });
    await expect.poll(() => titles(page, 'Chapitres de « Module »')).toEqual(['Avant', 'Après', templateTitle]);

    // A chapter of another module dropped on this module's row: first in it, through a PUT naming its module.
    await unfold(page, 'Autre');
    const moved = page.waitForResponse(
      (response) => response.url().endsWith(`/api/chapters/${elsewhere.id}`) && response.request().method() === 'PUT',
    );
    await dragByPointer(
      page,
      page.getByRole('button', { name: 'Déplacer le chapitre « Ailleurs »' }),
      // The module's own row, not its <li> with its open chapters.
      row(page, `module:${module.id}`).locator(':scope > div'),
      '« Ailleurs » est au-dessus de « Module ».',
    );
    expect((await moved).status()).toBe(200);
    await expect
      .poll(() => titles(page, 'Chapitres de « Module »'))
      .toEqual(['Ailleurs', 'Avant', 'Après', templateTitle]);

    // "Avant" requiring "Après", which requires "Avant": the server's 422, in French.
    await row(page, `chapter:${first.id}`).getByRole('button', { name: 'Actions sur « Avant »' }).click();
    await page.getByRole('menuitem', { name: 'Prérequis…' }).click();
    const prerequisites = page.getByRole('dialog', { name: 'Prérequis de « Avant »' });
    await prerequisites.getByRole('checkbox', { name: 'Après' }).click();
    await prerequisites
      .getByRole('alert')
      .getByText(/finirait par se requérir lui-même/)
      .waitFor();
    await expect.poll(() => prerequisites.getByRole('checkbox', { name: 'Après' }).isChecked()).toBe(false);
    await prerequisites.getByRole('button', { name: 'Fermer' }).click();

    // An empty chapter refuses the publish; its link leads to it; once it has a part, the course publishes.
    await row(page, `module:${module.id}`).getByRole('button', { name: 'Ajouter un chapitre' }).click();
    await page.getByLabel('Titre du nouveau chapitre').fill('Vide');
    await page.getByLabel('Titre du nouveau chapitre').press('Enter');
    await outlineTree(page).getByRole('button', { name: 'Déplier « Vide »' }).waitFor();
    await page.getByRole('button', { name: 'Publier' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Publication refusée' });
    await refusal.getByRole('button', { name: 'Module › Vide' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Vide');
    const empty = await page.locator('[data-node^="chapter:"]').last().getAttribute('data-node');
    await page.getByRole('button', { name: 'Déplier « Vide »' }).click();
    await addPart(page, String(empty?.split(':')[1]), 'Enfin', 'Du contenu.');
    await page.getByRole('button', { name: 'Publier' }).click();
    await page.getByText(/^Publié le /).waitFor();
    await expect
      .poll(async () => (await t.api<{ status: string }>(`/api/courses/${course.id}`, { as: 'admin' })).status)
      .toBe('published');

    // On a phone (the page opened at 390 px): one column, nothing wider than the screen, axe still clean.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await outlineSettled(page);
    // The move held, and the module is still open.
    await expect
      .poll(() => titles(page, 'Chapitres de « Module »'))
      .toEqual(['Ailleurs', 'Avant', 'Après', templateTitle, 'Vide']);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolation(page);
    await page.getByRole('button', { name: 'Repasser en brouillon' }).click();
    await expect
      .poll(async () => (await t.api<{ status: string }>(`/api/courses/${course.id}`, { as: 'admin' })).status)
      .toBe('draft');
  }, 120_000);
});

/** The drag-and-drop key of the part titled `title` in the open outline. */
async function partKey(page: Page, title: string): Promise<string> {
  const key = await page
    .locator('[data-node^="part:"]')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) })
    .getAttribute('data-node');
  if (!key) throw new Error(`No part "${title}" in the outline.`);
  return key;
}
