import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BOM, CSV_LINE_END, CSV_SEPARATOR, EXPORT_TOO_LARGE, FORMULA_GUARD } from '../../src/domain/csvExport.ts';
import { frenchHeader } from '../../src/domain/csvFrench.ts';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';

/**
 * "Exporter" above a list: the server's CSV of the whole filtered list, in the list's order, downloaded
 * with the session's token; a refusal said in French.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

describe('Exporter', () => {
  it('downloads the filtered list, in its order, as the server writes it', async () => {
    const { page } = t;
    const word = `export${stamp()}`;
    const names = [`${word} alpha`, `${word} bravo`, `=${word} formule`, `${word} charlie`];
    for (const name of names) await t.api('/api/tags', { method: 'POST', body: { name }, as: 'contributeur' });
    // Another tag, outside the filter: not in the file.
    await t.api('/api/tags', { method: 'POST', body: { name: `autre ${stamp()}` }, as: 'contributeur' });

    const filter = encodeURIComponent(JSON.stringify({ q: word }));
    await t.signIn('contributeur', `/tags?filter=${filter}&sort=name&order=DESC`);
    await page
      .locator('tbody tr')
      .nth(names.length - 1)
      .waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(names.length);
    await expectNoSeriousViolation(page);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^tags-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const [header, ...lines] = text.slice(CSV_BOM.length).split(CSV_LINE_END).filter(Boolean);
    const columns = header.split(CSV_SEPARATOR);
    // The French file heads each column with the label the list shows.
    const at = columns.indexOf(frenchHeader('tags', 'name'));
    expect(at).toBeGreaterThan(0);
    const exported = lines.map((line) => line.split(CSV_SEPARATOR)[at]);
    // In the list's order (name descending, by the database's collation), the formula guarded.
    const shown = await page.locator('tbody tr td.column-name').allTextContents();
    expect(new Set(shown)).toEqual(new Set(names));
    expect(exported).toEqual(shown.map((name) => (name.startsWith('=') ? `${FORMULA_GUARD}${name}` : name)));
  });

  it('downloads a file a French user reads: labels, French values, Paris dates, names', async () => {
    const { page } = t;
    const word = `lecture${stamp()}`;
    await t.api('/api/tags', { method: 'POST', body: { name: `${word} tag` }, as: 'admin' });
    await page.setViewportSize({ width: 390, height: 844 });
    const filter = encodeURIComponent(JSON.stringify({ q: word }));
    await t.signIn('admin', `/tags?filter=${filter}`);
    await page.getByText(`${word} tag`).first().waitFor();
    await expectNoSeriousViolation(page);
    const downloading = page.waitForEvent('download');
    // At 390 px the toolbar's buttons are icons, named all the same.
    await page.getByRole('button', { name: 'Exporter', exact: true }).click();
    const text = await readFile((await (await downloading).path())!, 'utf8');
    const [header, line] = text.slice(CSV_BOM.length).split(CSV_LINE_END);
    const cells = Object.fromEntries(
      header.split(CSV_SEPARATOR).map((name, index) => [name, line.split(CSV_SEPARATOR)[index]]),
    );
    expect(Object.keys(cells)).toEqual(['ID', 'Nom', 'Couleur', 'Structure', 'Création', 'Mise à jour']);
    expect(cells.Nom).toBe(`${word} tag`);
    expect(cells.Structure).toBe('Académie Démo');
    expect(cells['Création']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('offers the API format beside it, for a re-import or an integration', async () => {
    const { page } = t;
    const word = `brut${stamp()}`;
    await t.api('/api/tags', { method: 'POST', body: { name: `${word} tag` }, as: 'admin' });
    const filter = encodeURIComponent(JSON.stringify({ q: word }));
    await t.signIn('admin', `/tags?filter=${filter}`);
    await page.getByText(`${word} tag`).first().waitFor();
    await page.getByRole('button', { name: "Choisir le format de l'export" }).click();
    await page.getByRole('menuitem', { name: /^Format de l'API/ }).waitFor();
    await expectNoSeriousViolation(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /^Format de l'API/ }).click();
    const text = await readFile((await (await downloading).path())!, 'utf8');
    const [header, line] = text.slice(CSV_BOM.length).split(CSV_LINE_END);
    expect(header.split(CSV_SEPARATOR)).toEqual(expect.arrayContaining(['id', 'name']));
    expect(line).toContain(`${word} tag`);
  });

  it('says in French why an export was refused', async () => {
    const { page } = t;
    await t.signIn('admin', '/users');
    await page.locator('tbody tr').first().waitFor();
    await page.route('**/api/users/export.csv*', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          status: 422,
          detail: 'Too many rows.',
          violations: [{ propertyPath: '', code: EXPORT_TOO_LARGE, message: 'Too many rows.' }],
        }),
      }),
    );
    await page.getByRole('button', { name: 'Exporter', exact: true }).click();
    await page.getByText(/Trop de lignes pour un export/).waitFor();
  });
});
