import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { startApp, type App } from './harness.ts';

/**
 * Structures in the browser: a structure signed up through /onboard finds only itself (its users, no
 * ticket, documents and courses of its own or the catalogue's, the catalogue read-only and copied to be
 * changed), and a super admin's structure switcher scopes every list to the structure chosen.
 */

interface Collection<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
}

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 800 };

const rows = (page: Page) => page.locator('.RaDataTable-root tbody tr');
const field = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name });

/** The list's total as its pagination reads it ("1-25 sur 120"), or 0 for the "nothing yet" page. */
async function listTotal(page: Page): Promise<number> {
  const shown = page.locator('.MuiTablePagination-displayedRows, .RaList-noResults').first();
  await shown.waitFor();
  const text = await shown.innerText();
  return Number(/sur (\d+)/.exec(text)?.[1] ?? 0);
}

/**
 * The next answer to the list screen of `resource` (a page of 25: not the menu's count of waiting tickets),
 * sent with this `X-Structure` (none: all structures).
 */
const listAnswer = (page: Page, resource: string, structure: number | null) =>
  page.waitForResponse((response: Response) => {
    const url = new URL(response.url());
    return (
      url.pathname === `/api/${resource}` &&
      url.searchParams.get('itemsPerPage') === '25' &&
      (response.request().headers()['x-structure'] ?? null) === (structure === null ? null : String(structure))
    );
  });

const totalOf = async (answer: Promise<Response>) =>
  ((await (await answer).json()) as { 'hydra:totalItems': number })['hydra:totalItems'];

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

describe('a structure signed up through /onboard', () => {
  const admin = { email: 'lea.martin@atelier-des-savoirs.fr', password: 'Structure2026!' };

  async function signUp(page: Page): Promise<void> {
    await t.goto('/onboard');
    await page.getByRole('button', { name: 'Saisir ma structure à la main' }).click();
    await page.getByRole('heading', { name: 'Coordonnées de la structure', level: 1 }).waitFor();
    await field(page, 'Nom de la structure').fill('Atelier des Savoirs');
    await page.getByRole('combobox', { name: 'Adresse' }).fill('3 rue des Lilas');
    await field(page, 'Code postal').fill('69001');
    await field(page, 'Ville').fill('Lyon');
    await page.getByRole('combobox', { name: 'Pays' }).click();
    await page.getByRole('option', { name: 'France', exact: true }).click();
    await field(page, 'E-mail').fill('contact@atelier-des-savoirs.fr');
    await field(page, 'Téléphone').fill('04 72 00 00 00');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByRole('heading', { name: 'Premier administrateur', level: 1 }).waitFor();
    await field(page, 'Prénom').fill('Léa');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Martin');
    await field(page, 'E-mail').fill(admin.email);
    await page.getByRole('button', { name: 'Créer la structure' }).click();
    await page.getByRole('radio', { name: /Découverte/ }).check();
    await page.getByRole('button', { name: 'Valider la formule' }).click();
    await page.getByRole('button', { name: 'Première connexion' }).click();
    await page.getByRole('textbox', { name: 'Chiffre 1 sur 6' }).focus();
    await page.keyboard.type(await t.readLastCode(admin.email));
    await page.getByRole('button', { name: 'Valider le code' }).click();
    await field(page, 'Nouveau mot de passe').fill(admin.password);
    await field(page, 'Confirmez le mot de passe').fill(admin.password);
    await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
    await page.locator('#main-content').waitFor();
  }

  /** Calls the API as the new administrator. */
  async function asAdmin<T>(path: string): Promise<T> {
    const login = await fetch(`${t.baseUrl}/api/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: admin.email, password: admin.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const response = await fetch(`${t.baseUrl}${path}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/ld+json' },
    });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  }

  it('sees only itself, the catalogue read-only, and copies a catalogue course to change it', async () => {
    const page = t.page;
    await signUp(page);

    // The users: the administrator alone; no switcher, no structure column, no other structure's name.
    await t.goto('/users');
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).getByText(admin.email).waitFor();
    expect(await page.getByRole('button', { name: /changer de structure/ }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Structure' }).count()).toBe(0);

    // Its own structure, read-only.
    await t.goto('/companies');
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).getByText('Atelier des Savoirs').waitFor();
    await rows(page).first().locator('td[class*="column-"]').first().click();
    await page.getByTestId('side-panel').getByText('69001').waitFor();
    expect(await page.getByTestId('side-panel').getByRole('link', { name: 'Modifier' }).count()).toBe(0);

    // No ticket yet: what a ticket is and how one is reported.
    await t.goto('/tickets');
    await page.getByRole('heading', { name: 'Aucun ticket pour le moment' }).waitFor();
    await page.getByText(/choisissez « Signaler un problème »/).waitFor();
    await expectNoSeriousViolation(page);

    // Documents: none of another structure's. The list is what the server scopes to the structure.
    await t.goto('/documents');
    const documents = await asAdmin<Collection<{ company: { id: number } | null; context: string | null }>>(
      '/api/documents?itemsPerPage=100',
    );
    expect(documents['hydra:member'].every((document) => document.company === null)).toBe(true);
    expect(await listTotal(page)).toBe(documents['hydra:totalItems']);
    const academy = (await t.api<{ id: number; name: string }[]>('/api/companies?q=Acad%C3%A9mie')).find(
      (company) => company.name === 'Académie Démo',
    )!;
    const theirs = await t.api<{ id: number; name: string }[]>(`/api/documents?company=${academy.id}&itemsPerPage=5`);
    for (const document of theirs) {
      const searched = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/documents' &&
          new URL(response.url()).searchParams.get('q') === document.name,
      );
      await page.getByRole('textbox', { name: 'Rechercher' }).fill(document.name);
      expect(await totalOf(searched)).toBe(0);
      await page.getByText('Aucun résultat', { exact: false }).first().waitFor();
      expect(await rows(page).filter({ hasText: document.name }).count()).toBe(0);
    }

    // Courses: the catalogue's, each offering its copy, none its change.
    await t.goto('/courses');
    const catalogue = await listTotal(page);
    expect(catalogue).toBeGreaterThan(0);
    const shown = await rows(page).count();
    await expect.poll(() => page.getByRole('button', { name: /^Copier dans ma structure/ }).count()).toBe(shown);
    await rows(page).first().locator('td.column-title').click();
    await page
      .getByTestId('side-panel')
      .getByRole('button', { name: /^Copier dans ma structure/ })
      .waitFor();
    expect(await page.getByTestId('side-panel').getByRole('link', { name: 'Modifier' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // A catalogue course's outline opens read-only: nothing to drag, rename or add.
    const title = await rows(page).first().locator('td.column-title').innerText();
    await rows(page)
      .first()
      .getByRole('link', { name: `Ouvrir le plan du cours « ${title} »` })
      .click();
    await page.getByText('Cours du catalogue').waitFor();
    const catalogueUrl = page.url();
    expect(await page.getByRole('button', { name: 'Ajouter un module' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Déplacer/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions sur/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Publier' }).count()).toBe(0);
    await expectNoSeriousViolation(page);

    // Its copy is the structure's own: editable, and listed without a copy of its own to offer.
    await page.getByRole('button', { name: `Copier dans ma structure « ${title} »` }).click();
    await page.getByText('Cours copié dans votre structure : vous pouvez le modifier.').waitFor();
    await page.waitForURL((url) => /#\/courses\/\d+\/outline$/.test(url.hash) && url.href !== catalogueUrl);
    await page.getByRole('button', { name: 'Ajouter un module' }).waitFor();
    expect(await page.getByText('Cours du catalogue').count()).toBe(0);
    const copyId = Number(/courses\/(\d+)\/outline/.exec(page.url())![1]);
    const copy = await asAdmin<{ company: { name: string } | null; title: string }>(`/api/courses/${copyId}`);
    expect(copy).toMatchObject({ title, company: { name: 'Atelier des Savoirs' } });
    await t.goto('/courses');
    await expect.poll(() => listTotal(page)).toBe(catalogue + 1);
    await expect
      .poll(
        async () =>
          (await rows(page).count()) - (await page.getByRole('button', { name: /^Copier dans ma structure/ }).count()),
      )
      .toBe(1);
  }, 240_000);
});

describe("a super admin's structure switcher", () => {
  interface Company {
    id: number;
    name: string;
  }

  it('scopes every list to the structure chosen, keeps it across a reload, and gives "all structures" back', async () => {
    const page = t.page;
    await page.setViewportSize(WIDE);
    const companies = await t.api<Company[]>('/api/companies?itemsPerPage=100');
    const academy = companies.find((company) => company.name === 'Académie Démo')!;
    const other = companies.find((company) => company.id !== academy.id && company.name !== 'Atelier des Savoirs')!;
    // What the API lists of a structure's rows across all structures, with the structure filter.
    const count = async (resource: string, company: Company) =>
      (await t.api<unknown[]>(`/api/${resource}?company=${company.id}&itemsPerPage=500`)).length;

    const everyone = listAnswer(page, 'users', null);
    await t.signIn('superadmin', '/users');
    const allUsers = await totalOf(everyone);
    const switcher = page.getByRole('button', { name: 'Toutes les structures — changer de structure' });
    await switcher.waitFor();
    await page.getByRole('columnheader', { name: 'Structure' }).waitFor();

    // Chosen by searching: the users list follows, without its structure column.
    await switcher.click();
    const dialog = page.getByRole('dialog', { name: 'Choisir la structure' });
    await dialog.getByRole('option', { name: 'Toutes les structures' }).waitFor();
    await expectNoSeriousViolation(page);
    const scoped = listAnswer(page, 'users', academy.id);
    await dialog.getByRole('combobox', { name: 'Rechercher une structure' }).fill('Académie');
    await dialog.getByRole('option', { name: 'Académie Démo' }).click();
    const academyUsers = await totalOf(scoped);
    expect(academyUsers).toBe(await count('users', academy));
    expect(academyUsers).toBeLessThan(allUsers);
    await page.getByRole('button', { name: 'Académie Démo — changer de structure' }).waitFor();
    await expect.poll(() => listTotal(page)).toBe(academyUsers);
    expect(await page.getByRole('columnheader', { name: 'Structure' }).count()).toBe(0);

    // The tickets list too, and it follows a second switch while on screen.
    const academyTickets = listAnswer(page, 'tickets', academy.id);
    await t.goto('/tickets');
    const academyTicketTotal = await totalOf(academyTickets);
    expect(academyTicketTotal).toBe(await count('tickets', academy));
    await expect.poll(() => listTotal(page)).toBe(academyTicketTotal);
    const otherTickets = listAnswer(page, 'tickets', other.id);
    await page.getByRole('button', { name: 'Académie Démo — changer de structure' }).click();
    await dialog.getByRole('combobox', { name: 'Rechercher une structure' }).fill(other.name);
    await dialog.getByRole('option', { name: other.name, exact: true }).click();
    const otherTotal = await totalOf(otherTickets);
    expect(otherTotal).toBe(await count('tickets', other));
    await expect.poll(() => listTotal(page)).toBe(otherTotal);

    // Kept across a reload: the first list asked for is already the chosen structure's.
    const afterReload = listAnswer(page, 'tickets', other.id);
    await page.reload();
    await afterReload;
    await page.getByRole('button', { name: `${other.name} — changer de structure` }).waitFor();

    // Back to every structure with the keyboard: the structure column and its filter are back.
    const allTickets = listAnswer(page, 'tickets', null);
    await page.getByRole('button', { name: `${other.name} — changer de structure` }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('combobox', { name: 'Rechercher une structure' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.keyboard.press('Enter');
    const everyTicket = await totalOf(allTickets);
    await page.getByRole('columnheader', { name: 'Structure' }).waitFor();
    await switcher.waitFor();

    // The structure filter narrows "all structures" to one structure's rows (the API's `company` filter).
    const filtered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/tickets' &&
        new URL(response.url()).searchParams.get('company') === String(academy.id),
    );
    await page.getByRole('button', { name: 'Ajouter un filtre' }).click();
    await page
      .getByRole('menuitemcheckbox', { name: 'Structure' })
      .or(page.getByRole('menuitem', { name: 'Structure' }))
      .click();
    await page.getByRole('combobox', { name: 'Structure' }).fill('Académie');
    await page.getByRole('option', { name: 'Académie Démo' }).click();
    const filteredTotal = await totalOf(filtered);
    expect(filteredTotal).toBeLessThanOrEqual(everyTicket);
    await expect.poll(() => listTotal(page)).toBe(filteredTotal);
    expect(await count('tickets', academy)).toBe(filteredTotal);
  }, 180_000);

  it('fits a phone, works with the keyboard, and passes axe', async () => {
    const page = t.page;
    await page.setViewportSize(PHONE);
    await t.signIn('superadmin', '/users');
    const switcher = page.getByRole('button', { name: /changer de structure/ });
    await switcher.waitFor();
    const box = (await switcher.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolation(page);

    await switcher.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Choisir la structure' });
    await dialog.getByRole('option').first().waitFor();
    const panel = (await dialog.boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousViolation(page);
    // Escape closes it and gives the focus back to the switcher.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => switcher.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});
