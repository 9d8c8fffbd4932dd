import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';

/**
 * "Données personnelles" on a user's page, in a browser: a structure's administrator exports a person's data
 * (the ZIP is saved), schedules their erasure after a confirmation, sees its planned date and calls it off;
 * axe on the panel, and it fits a phone.
 */
let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

describe('a person’s data', () => {
  it('is exported as a ZIP, and its erasure scheduled then called off', async () => {
    const page = t.page;
    const email = `camille.rgpd.${stamp()}@exemple.fr`;
    const person = await t.api<{ id: number }>('/api/users', {
      as: 'admin',
      body: { email, firstName: 'Camille', lastName: 'Rgpd', type: 'contributor', roles: ['ROLE_USER'] },
    });
    await t.signIn('admin', `/users/${person.id}/show`);
    const panel = page.getByRole('region', { name: 'Données personnelles' });
    await panel.getByText('Aucune demande.').waitFor();
    await expectNoSeriousViolation(page);

    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Exporter ses données' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`donnees-personnelles-${person.id}.zip`);
    const zip = await JSZip.loadAsync(await readFile((await download.path())!));
    const [account] = JSON.parse(await zip.file('data/users.json')!.async('string'));
    expect(account.email).toBe(email);
    await panel.getByText('Export des données').waitFor();
    await panel.getByText('Terminée').waitFor();
    await panel.getByRole('button', { name: 'Télécharger' }).waitFor();

    await panel.getByRole('button', { name: 'Effacer ses données…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Effacer les données de cette personne ?').waitFor();
    await expectNoSeriousViolation(page);
    await dialog.getByRole('button', { name: 'Programmer l’effacement' }).click();
    await panel.getByText('Effacement des données').waitFor();
    await panel.getByText(/effacement prévu le/).waitFor();
    await expect.poll(() => panel.getByRole('button', { name: 'Effacer ses données…' }).isDisabled()).toBe(true);
    await expectNoSeriousViolation(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() =>
        page
          .getByTestId('personal-data')
          .evaluate((element) => element.getBoundingClientRect().right <= document.documentElement.clientWidth + 1),
      )
      .toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });

    await panel.getByRole('button', { name: 'Annuler l’effacement' }).click();
    await page.getByText('Effacement annulé').first().waitFor();
    await panel.getByText('Annulée').waitFor();
    // Nothing was erased: the account is as it was.
    const [still] = await t.api<{ email: string }[]>(`/api/users?q=${encodeURIComponent(email)}`);
    expect(still.email).toBe(email);
  }, 120_000);
});
