import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from './harness.ts';

/**
 * The shell around every page: the menu in sections by role, the language switch kept per tab,
 * and raw keys with ?noTrads=true.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const menu = () => t.page.locator('.RaSidebar-fixed, .RaMenu-open').first();

describe('the menu', () => {
  it('shows a super admin every section', async () => {
    await t.signIn('superadmin');
    for (const section of ['Contenus', 'Utilisateurs', 'Support', 'Bibliothèque', 'Paramètres'])
      await menu().getByRole('button', { name: section }).waitFor();
    for (const item of ['Formations', 'Fiches', 'Dossiers', 'Imports XMind', 'Appels en erreur', 'Paramètres système'])
      expect(await menu().getByRole('menuitem', { name: item }).count()).toBe(1);
  });

  it('shows a contributor only what they may open, and folds a section on demand', async () => {
    await t.signIn('contributeur');
    await menu().getByRole('menuitem', { name: 'Formations' }).waitFor();
    for (const hidden of [
      'Fiches',
      'Dossiers',
      'Imports XMind',
      'Appels en erreur',
      "Droits d'accès",
      'Paramètres système',
    ])
      expect(await menu().getByRole('menuitem', { name: hidden }).count(), hidden).toBe(0);
    // In the library, documents are shared with contributors; sheets, folders and imports are not.
    await menu().getByRole('button', { name: 'Bibliothèque' }).waitFor();
    expect(await menu().getByRole('menuitem', { name: 'Documents' }).count()).toBe(1);

    await menu().getByRole('button', { name: 'Contenus' }).click();
    await menu().getByRole('menuitem', { name: 'Formations' }).waitFor({ state: 'hidden' });
    await menu().getByRole('button', { name: 'Contenus' }).click();
    await menu().getByRole('menuitem', { name: 'Formations' }).waitFor();
  });
});

describe('languages', () => {
  it('switches to English, keeps it through a reload of the tab, and starts a new tab in French', async () => {
    const page = t.page;
    await t.signIn('admin');
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await menu().getByRole('menuitem', { name: 'Courses' }).waitFor();
    expect(
      await page.evaluate(() => Object.entries(sessionStorage).find(([key]) => key.endsWith('.locale'))?.[1]),
    ).toBe('en');

    await page.reload();
    await menu().getByRole('menuitem', { name: 'Courses' }).waitFor();

    // A new tab has its own session storage: French again.
    const tab = await t.context.newPage();
    await tab.goto(`${t.baseUrl}/#/login`);
    await tab.getByRole('button', { name: 'Connexion' }).waitFor();
    await tab.close();
  });

  it('shows the raw translation keys with ?noTrads=true', async () => {
    const page = t.page;
    await t.signIn('admin');
    await page.goto(`${t.baseUrl}/?noTrads=true#/courses`);
    await page.getByText('resources.courses.name').first().waitFor();
    await menu().getByText('app.menu.contents').waitFor();
    expect(await page.getByText('Formations', { exact: true }).count()).toBe(0);
  });
});
