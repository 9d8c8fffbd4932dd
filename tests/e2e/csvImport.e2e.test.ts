import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';

/**
 * Users imported from a CSV file, in a browser: a file of 50 users whose one row is wrong shows that row's
 * problem in French (the server's own check, by a dry run) and imports nothing; the fixed file, picked
 * again, imports the 50, who are then listed. The dialog passes axe, wide and at a phone's width.
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

/** A French Excel file: a byte order mark, `;` between cells, the columns named as the list names them. */
function usersCsv(unique: string, wrongRow?: number): Buffer {
  const lines = ['Prénom;Nom;Adresse e-mail;Type;Note interne'];
  for (let index = 0; index < 50; index++) {
    const email = index === wrongRow ? `importe-${unique}-${index}.demo.fr` : `importe-${unique}-${index}@demo.fr`;
    lines.push(`Élise;Importée ${unique} ${index};${email};Contributeur;=cmd|' /C calc'!A0`);
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n'), 'utf8')]);
}

describe('users imported from a CSV file', () => {
  it('shows the wrong row’s problem, then imports the 50 users of the fixed file', async () => {
    const { page } = t;
    const unique = stamp();
    const [structure] = await t.api<{ id: number; name: string }[]>('/api/companies?itemsPerPage=1', { as: 'admin' });

    await t.signIn('superadmin', '/users');
    // The toolbar comes once the list's rows are on screen. Across every structure, users need one chosen first.
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer des utilisateurs' });
    await dialog.getByText('Choisissez d’abord une structure dans la barre du haut', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Toutes les structures — changer de structure' }).click();
    const switcher = page.getByRole('dialog', { name: 'Choisir la structure' });
    await switcher.getByRole('combobox', { name: 'Rechercher une structure' }).fill(structure.name);
    await switcher.getByRole('option', { name: structure.name, exact: true }).click();
    await page.getByRole('button', { name: `${structure.name} — changer de structure` }).waitFor();

    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    await dialog.getByText('Aucun fichier choisi.').waitFor();
    await expectNoSeriousViolation(page);

    // Row 17 (line 19 of the file) has no valid e-mail: shown in French, nothing imported.
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'utilisateurs.csv', mimeType: 'text/csv', buffer: usersCsv(unique, 17) });
    const refused = dialog.getByRole('alert');
    await refused.getByText('1 ligne sur 50 est à corriger', { exact: false }).waitFor();
    await refused.getByText("Ligne 19 : Adresse e-mail : Cette adresse e-mail n'est pas valide.").waitFor();
    await dialog.getByText('Colonnes ignorées : Note interne').waitFor();
    await dialog.getByRole('cell', { name: 'importe-' + unique + '-17.demo.fr' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Importer', exact: true }).isDisabled()).toBe(true);
    await expectNoSeriousViolation(page);
    await page.setViewportSize(PHONE);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolation(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await t.api<unknown[]>(`/api/users?q=${unique}`)).toEqual([]);

    // The fixed file, picked again: every row ready, then imported in one go.
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'utilisateurs-corrige.csv', mimeType: 'text/csv', buffer: usersCsv(unique) });
    await dialog.getByText('50 lignes prêtes à être importées.').waitFor();
    const imported = page.waitForResponse(
      (response) => response.url().endsWith('/api/users/import') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Importer', exact: true }).click();
    expect((await imported).status()).toBe(201);
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('50 lignes importées (50 invitations envoyées).').waitFor();

    const users = await t.api<{ lastName: string; company: { id: number }; type: string }[]>(
      `/api/users?q=${unique}&itemsPerPage=100`,
    );
    expect(users).toHaveLength(50);
    expect(users.every((user) => user.company.id === structure.id && user.type === 'contributor')).toBe(true);

    // Listed: the list, searched for them, counts 50.
    await t.goto(`/users?filter=${encodeURIComponent(JSON.stringify({ q: unique }))}`);
    await page
      .getByText(/sur 50$/)
      .first()
      .waitFor();
    await page.getByText(`Importée ${unique} 0`, { exact: true }).first().waitFor();
  });
});
