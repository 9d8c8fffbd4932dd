import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from './harness.ts';
import { home } from './home.ts';

let t: App;

beforeAll(async () => {
  t = await startApp();
});

afterAll(async () => {
  await t?.stop();
});

/** The e-mails of the users list, top to bottom. */
const listedEmails = () => t.page.locator('td.column-email').allInnerTexts();

const isSorted = (values: string[], direction: 'asc' | 'desc') =>
  values.every(
    (value, index) => index === 0 || (direction === 'asc' ? values[index - 1] <= value : values[index - 1] >= value),
  );

describe('the back-office in a browser', () => {
  it('opens on the login page, in French', async () => {
    await t.goto('/');
    await t.page.waitForURL(/#\/login/);
    expect(await t.page.title()).toBe('Back-office');
    expect(await t.page.locator('html').getAttribute('lang')).toBe('fr');
    await t.page.getByLabel('Adresse e-mail').waitFor();
    await t.page.getByRole('button', { name: 'Connexion' }).waitFor();
  });

  it('logs a super admin in to the home page, then the users list, sorted and searched through the API', async () => {
    await t.login('superadmin');
    const page = t.page;
    await home(page).waitFor();
    await page.getByRole('menuitem', { name: 'Utilisateurs' }).click();
    await page.getByRole('columnheader', { name: 'Dernière connexion' }).waitFor();
    await page.locator('td.column-email').first().waitFor();
    expect((await listedEmails()).length).toBeGreaterThan(1);

    const sortByEmail = page.locator('th.column-email [role="button"]');
    const ascending = page.waitForRequest((request) => request.url().includes('order%5Bemail%5D=asc'));
    await sortByEmail.click();
    await ascending;
    await page.waitForURL(/sort=email/);
    await expect.poll(async () => isSorted(await listedEmails(), 'asc')).toBe(true);

    const descending = page.waitForRequest((request) => request.url().includes('order%5Bemail%5D=desc'));
    await sortByEmail.click();
    await descending;
    await expect.poll(async () => isSorted(await listedEmails(), 'desc')).toBe(true);

    await page.getByPlaceholder('Rechercher').fill('superadmin@demo.fr');
    await expect.poll(listedEmails).toEqual(['superadmin@demo.fr']);
    await page
      .getByRole('row', { name: /Sophie Martin/ })
      .getByText('Administrateur')
      .waitFor();

    await page.getByPlaceholder('Rechercher').fill('personne-de-ce-nom');
    await page.getByText('Aucun résultat').waitFor();
  });

  it('refuses a wrong password and stays on the login page', async () => {
    await t.goto('/login');
    await t.page.getByLabel('Adresse e-mail').fill('superadmin@demo.fr');
    await t.page.getByRole('textbox', { name: 'Mot de passe' }).fill('pas-le-bon');
    await t.page.getByRole('button', { name: 'Connexion' }).click();
    await t.page.getByRole('alert').getByText('Adresse e-mail ou mot de passe incorrect.').waitFor();
    expect(new URL(t.page.url()).hash).toBe('#/login');
    // The session is gone; the tab's language stays, a preference (auth.e2e).
    expect(await t.page.evaluate(() => Object.keys(sessionStorage).filter((key) => !key.endsWith('.locale')))).toEqual(
      [],
    );
  });

  it('lists courses with their French status, and logs out from the user menu', async () => {
    await t.api('/api/courses', { body: { title: 'Découvrir le back-office', status: 'draft', isTemplate: true } });
    await t.signIn('admin', '/courses');
    const row = t.page.getByRole('row', { name: /Découvrir le back-office/ });
    await row.getByText('Brouillon').waitFor();

    await t.page.getByRole('button', { name: 'Profil' }).click();
    await t.page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await t.page.waitForURL(/#\/login/);
    await t.page.getByRole('button', { name: 'Connexion' }).waitFor();
    // The session is gone; the tab's language stays, a preference (auth.e2e).
    expect(await t.page.evaluate(() => Object.keys(sessionStorage).filter((key) => !key.endsWith('.locale')))).toEqual(
      [],
    );
  });

  it('lets a contributor log in and see their own user', async () => {
    await t.signIn('contributeur', '/users');
    await t.page.getByRole('cell', { name: 'contributeur@demo.fr' }).waitFor();
    expect(await listedEmails()).toEqual(['contributeur@demo.fr']);
  });
});
