import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';
import { outlineSettled, outlineTree } from './outlinePage.ts';

/**
 * A structure's administrator runs their structure in a browser: invites a person, imports two from a CSV
 * file, and deletes a module of their own course, which then sits in the bin. Platform staff then withdraw
 * the administrators' "Supprimer" on modules on the rights screen: the administrator's menu no longer offers
 * it, and the API refuses it. The screens pass axe, 1280 and 390 px wide.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function atBothWidths(page: Page) {
  await expectNoSeriousViolation(page);
  await page.setViewportSize(PHONE);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousViolation(page);
  await page.setViewportSize(WIDE);
}

function peopleCsv(unique: string): Buffer {
  const lines = ['Prénom;Nom;Adresse e-mail;Type'];
  for (const index of [0, 1])
    lines.push(`Lou;Importée ${unique} ${index};importe-${unique}-${index}@demo.fr;Contributeur`);
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n'), 'utf8')]);
}

async function moduleMenu(page: Page, courseId: number, module: string) {
  await t.goto(`/courses/${courseId}/outline`);
  await outlineSettled(page);
  await outlineTree(page)
    .getByRole('button', { name: `Actions sur « ${module} »` })
    .click();
  return page.getByRole('menu');
}

describe("a structure's administrator", () => {
  it('invites and imports their people, and deletes a module that then sits in the bin', async () => {
    const { page } = t;
    const unique = stamp();
    await page.setViewportSize(WIDE);

    // Invited from the users list's "Créer".
    await t.signIn('admin', '/users');
    await page
      .getByRole('link', { name: 'Créer' })
      .or(page.getByRole('button', { name: 'Créer' }))
      .first()
      .click();
    const email = `invite.${unique}@demo.fr`;
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="firstName"]').fill('Jules');
    await page.locator('input[name="lastName"]').fill('Invité');
    await atBothWidths(page);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Utilisateur invité').waitFor();
    expect(await t.readLastCode(email)).toMatch(/\d/);

    // Imported from the list's "Importer", into their structure.
    await t.goto('/users');
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer des utilisateurs' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'equipe.csv', mimeType: 'text/csv', buffer: peopleCsv(unique) });
    await dialog.getByText('2 lignes prêtes à être importées.').waitFor();
    await atBothWidths(page);
    await dialog.getByRole('button', { name: 'Importer', exact: true }).click();
    await page.getByText('2 lignes importées (2 invitations envoyées).').waitFor();
    const [structure] = await t.api<{ id: number }[]>('/api/companies?itemsPerPage=1', { as: 'admin' });
    const people = await t.api<{ company: { id: number } }[]>(`/api/users?q=${unique}`, { as: 'superadmin' });
    // The invitee and the two imported, all in the administrator's structure.
    expect(people.map((user) => user.company.id)).toEqual([structure.id, structure.id, structure.id]);

    // A module of their own course, deleted from the outline's menu, in the bin.
    const module = `Module ${unique}`;
    const course = await t.api<{ id: number }>('/api/courses', {
      method: 'POST',
      as: 'admin',
      body: { title: `Cours ${unique}` },
    });
    const made = await t.api<{ id: number }>('/api/modules', {
      method: 'POST',
      as: 'admin',
      body: { title: module, course: `/api/courses/${course.id}` },
    });
    const menu = await moduleMenu(page, course.id, module);
    const deleted = page.waitForResponse(
      (response) => response.request().method() === 'DELETE' && response.url().endsWith(`/api/modules/${made.id}`),
      { timeout: 20_000 },
    );
    await menu.getByRole('menuitem', { name: 'Supprimer' }).click();
    expect((await deleted).status()).toBe(204);
    await t.goto('/recycle-bin');
    await page.locator('tbody tr').filter({ hasText: module }).waitFor();
    await atBothWidths(page);
  }, 180_000);
});

describe('the rights screen', () => {
  it("withdraws a right: the structure's administrator loses the button, and the API refuses", async () => {
    const { page } = t;
    const unique = stamp();
    await page.setViewportSize(WIDE);
    const module = `Module ${unique}`;
    const course = await t.api<{ id: number }>('/api/courses', {
      method: 'POST',
      as: 'admin',
      body: { title: `Cours ${unique}` },
    });
    const made = await t.api<{ id: number }>('/api/modules', {
      method: 'POST',
      as: 'admin',
      body: { title: module, course: `/api/courses/${course.id}` },
    });
    // Offered by default.
    await t.signIn('admin', '/');
    let menu = await moduleMenu(page, course.id, module);
    await menu.getByRole('menuitem', { name: 'Supprimer' }).waitFor();

    // Platform staff, in the administrator's structure, withdraw administrators' "Supprimer" on modules.
    const [structure] = await t.api<{ name: string }[]>('/api/companies?itemsPerPage=1', { as: 'admin' });
    await t.signIn('superadmin', '/role-rights');
    await page.getByText('Choisissez une structure dans le sélecteur', { exact: false }).waitFor();
    await page.getByRole('button', { name: /— changer de structure$/ }).click();
    const switcher = page.getByRole('dialog', { name: 'Choisir la structure' });
    await switcher.getByRole('combobox', { name: 'Rechercher une structure' }).fill(structure.name);
    await switcher.getByRole('option', { name: structure.name, exact: true }).click();
    await page
      .getByRole('heading', { name: `Droits des rôles de ${structure.name}` })
      .first()
      .waitFor();
    const cell = page
      .getByTestId('rights-modules-ROLE_ADMIN')
      .getByRole('checkbox', { name: 'Administrateur — Modules — Supprimer' });
    expect(await cell.isChecked()).toBe(true);
    await atBothWidths(page);
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/role-permissions') && response.request().method() === 'PUT',
    );
    await cell.click();
    expect((await saved).status()).toBe(200);
    await page.getByText('Droit enregistré.').waitFor();
    expect(await cell.isChecked()).toBe(false);
    await page
      .getByRole('button', { name: /^Revenir au droit par défaut : Administrateur — Modules — Supprimer$/ })
      .waitFor();

    // The administrator's menu no longer offers it; the API refuses it.
    await t.signIn('admin', '/');
    menu = await moduleMenu(page, course.id, module);
    await menu.getByRole('menuitem').first().waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Supprimer' }).count()).toBe(0);
    await expect(t.api(`/api/modules/${made.id}`, { method: 'DELETE', as: 'admin' })).rejects.toThrow(/: 403 /);

    // Put back to the default by platform staff: offered again.
    await t.signIn('superadmin', '/role-rights');
    await page
      .getByRole('button', { name: 'Revenir au droit par défaut : Administrateur — Modules — Supprimer' })
      .click();
    await page.getByText('Droit enregistré.').waitFor();
    await expect.poll(() => cell.isChecked()).toBe(true);
  }, 180_000);
});
