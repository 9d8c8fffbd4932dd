import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';

/**
 * Search everywhere and the lists' saved views in a browser: Ctrl+K finds "Sécurité" typed "securite" and
 * opens the record in the side panel (keyboard only), at full width and at 390 px; a list's view saved under
 * a name is still there after signing out and in, and applies its filters and order. Axe on each.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'Rechercher partout' });
const searchField = (page: Page) => searchDialog(page).getByRole('combobox');

describe('Rechercher partout', () => {
  it('finds "Sécurité" typed "securite" with Ctrl+K and opens it in the side panel', async () => {
    const { page } = t;
    const word = `Zorglub${stamp()}`;
    const title = `Sécurité incendie ${word}`;
    const course = await t.api<{ id: number }>('/api/courses', { method: 'POST', body: { title } });
    await t.signIn('superadmin', '/courses');

    await page.locator('body').press('Control+k');
    await searchField(page).waitFor();
    await searchField(page).fill(`securite ${word.toLowerCase()}`);
    const group = searchDialog(page).getByRole('group', { name: 'Formations' });
    const option = group.getByRole('option', { name: title });
    await option.waitFor();
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await expectNoSeriousViolation(page);

    // Nothing for a word no record holds: the empty state says so.
    await searchField(page).fill(`${word} introuvable`);
    await searchDialog(page).getByRole('status').getByText('Aucun résultat').waitFor();

    await searchField(page).fill(`${word} SECU`);
    await option.waitFor();
    await searchField(page).press('ArrowDown');
    await searchField(page).press('ArrowUp');
    await searchField(page).press('Enter');
    await searchDialog(page).waitFor({ state: 'detached' });
    await page.locator('#side-panel-title').getByText(title).waitFor();
    expect(course.id).toBeGreaterThan(0);
  });

  it('finds "Les fondamentaux de la cybersécurité" typed "securite" with Ctrl+K', async () => {
    const { page } = t;
    const word = `Zorglub${stamp()}`;
    const title = `Les fondamentaux de la cybersécurité ${word}`;
    await t.api('/api/courses', { method: 'POST', body: { title }, as: 'admin' });
    await t.signIn('admin', '/courses');
    await page.locator('body').press('Control+k');
    await searchField(page).waitFor();
    await searchField(page).fill(`securite ${word.toLowerCase()}`);
    const option = searchDialog(page).getByRole('group', { name: 'Formations' }).getByRole('option', { name: title });
    await option.waitFor();
    await expectNoSeriousViolation(page);
  });

  it('searches from the app bar at 390 px', async () => {
    const { page } = t;
    const word = `Zorglub${stamp()}`;
    const title = `Hygiène et sécurité ${word}`;
    await t.api('/api/courses', { method: 'POST', body: { title } });
    await page.setViewportSize({ width: 390, height: 844 });
    await t.signIn('superadmin', '/courses');
    await page.getByRole('button', { name: 'Rechercher (Ctrl+K)' }).click();
    await searchField(page).fill(`hygiene ${word}`);
    await searchDialog(page).getByRole('option', { name: title }).click();
    await page.locator('#side-panel-title').getByText(title).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Rechercher (Ctrl+K)' }).click();
    await searchField(page).fill(`hygiene ${word}`);
    await searchDialog(page).getByRole('option', { name: title }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolation(page);
  });
});

describe('Vues enregistrées', () => {
  it('keeps a saved view across a sign-out and applies it again', async () => {
    const { page } = t;
    const name = `Brouillons ${stamp()}`;
    const filter = encodeURIComponent(JSON.stringify({ status: 'draft' }));
    await t.signIn('contributeur', `/courses?filter=${filter}&sort=title&order=ASC`);
    await page.locator('tbody tr').first().waitFor();

    await page.getByRole('button', { name: 'Vues' }).click();
    const views = page.getByRole('dialog', { name: 'Vues enregistrées' });
    await views.getByText('Aucune vue enregistrée').or(views.getByRole('list')).first().waitFor();
    await expectNoSeriousViolation(page);
    await views.getByRole('button', { name: 'Enregistrer la vue actuelle…' }).click();
    const naming = page.getByRole('dialog', { name: 'Enregistrer la vue actuelle' });
    await naming.getByRole('textbox', { name: 'Nom de la vue' }).fill(name);
    await naming.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(`Vue « ${name} » enregistrée`).waitFor();

    // Signed out, then in again through the form, the list opened without any filter.
    await page.getByRole('button', { name: 'Profil' }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.getByRole('button', { name: 'Connexion' }).waitFor();
    await t.login('contributeur');
    await t.goto(`/courses?filter=${encodeURIComponent('{}')}&sort=createdAt&order=DESC`);
    await page.locator('tbody tr').first().waitFor();

    await page.getByRole('button', { name: 'Vues' }).click();
    await views.getByRole('button', { name, exact: true }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain('"status":"draft"');
    expect(decodeURIComponent(page.url())).toContain('sort=title');
    expect(decodeURIComponent(page.url())).toContain('order=ASC');

    // Renamed and deleted from the same menu.
    await page.getByRole('button', { name: 'Vues' }).click();
    await views.getByRole('button', { name: `Renommer la vue ${name}` }).click();
    const renaming = page.getByRole('dialog', { name: 'Renommer la vue' });
    await renaming.getByRole('textbox', { name: 'Nom de la vue' }).fill(`${name} bis`);
    await renaming.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Vue renommée').waitFor();
    await page.getByRole('button', { name: 'Vues' }).click();
    await views.getByRole('button', { name: `Supprimer la vue ${name} bis` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Vue supprimée').waitFor();

    // Every dialog closed, the page is back for screen readers too (no aria-hidden left on it).
    expect(await page.locator('#root[aria-hidden="true"]').count()).toBe(0);
    // On a phone (the page loaded at that width: a desktop's open menu would become a drawer over it).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('phone-line').first().waitFor();
    await page.getByRole('button', { name: 'Vues' }).click();
    await views.getByText('Aucune vue enregistrée').waitFor();
    await expectNoSeriousViolation(page);
  });
});
