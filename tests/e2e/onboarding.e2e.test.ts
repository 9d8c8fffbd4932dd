import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { startApp, type App } from './harness.ts';

/**
 * The self-service sign-up in the browser, on a phone's width: the server runs with its local
 * stand-ins (company directory, address base, Stripe in test mode), as `npm start` does offline, with a
 * publishable key: the payment step loads the stand-in's Stripe.js under the CSP the server sends.
 */

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 }).waitFor();
const field = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name });

async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Chiffre 1 sur 6' }).focus();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Valider le code' }).click();
}

describe('onboarding', () => {
  let t: App;

  beforeAll(async () => {
    t = await startApp({ env: { STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in' }, allowStandIns: true });
  });

  afterAll(async () => {
    await t?.stop();
  });

  it('signs a structure up, from the directory to the back-office as its new admin, with a paid plan', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await t.goto('/onboard');
    await heading(page, 'Inscrire votre structure');
    await expectNoSeriousViolation(page);

    // 1. The directory, searched as one types.
    await field(page, 'Nom ou numéro SIRET').fill('academie numerique');
    await page.getByRole('button', { name: /ACADEMIE DU NUMERIQUE/ }).click();

    // 2. Details: the address picked among the address base's suggestions.
    await heading(page, 'Coordonnées de la structure');
    expect(await field(page, 'Nom de la structure').inputValue()).toBe('ACADEMIE DU NUMERIQUE');
    const address = page.getByRole('combobox', { name: 'Adresse' });
    await address.fill('12 rue de la');
    await page.getByRole('option', { name: '12 Rue de la Paix 75002 Paris' }).click();
    expect(await field(page, 'Code postal').inputValue()).toBe('75002');
    expect(await field(page, 'Ville').inputValue()).toBe('Paris');
    await field(page, 'E-mail').fill('contact@academie-numerique.fr');
    await field(page, 'Téléphone').fill('01 42 68');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByText("Ce numéro de téléphone n'est pas valide.").waitFor();
    await expectNoSeriousViolation(page);
    await field(page, 'Téléphone').fill('01 42 68 53 00');
    // A reload keeps what was typed.
    await page.reload();
    await heading(page, 'Coordonnées de la structure');
    expect(await field(page, 'Téléphone').inputValue()).toBe('01 42 68 53 00');
    expect(await address.inputValue()).toBe('12 Rue de la Paix');
    await page.getByRole('button', { name: 'Continuer' }).click();

    // 3. The first administrator; going back keeps both steps.
    await heading(page, 'Premier administrateur');
    await field(page, 'Prénom').fill('Claire');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Fontaine');
    await field(page, 'E-mail').fill('claire.fontaine@academie-numerique.fr');
    await page.getByRole('button', { name: 'Retour' }).click();
    await heading(page, 'Coordonnées de la structure');
    await page.getByRole('button', { name: 'Continuer' }).click();
    expect(await field(page, 'Prénom').inputValue()).toBe('Claire');
    await expectNoSeriousViolation(page);
    await page.getByRole('button', { name: 'Créer la structure' }).click();

    // 4. The plan: none chosen blocks the step; a paid one leads to its payment.
    await heading(page, 'Choisissez une formule');
    await page.getByRole('button', { name: 'Valider la formule' }).click();
    await page.getByText('Choisissez une formule pour continuer.').waitFor();
    await expectNoSeriousViolation(page);
    await page.getByRole('radio', { name: /Établissement/ }).check();
    await page.getByRole('button', { name: 'Valider la formule' }).click();

    // 5. Payment on the SetupIntent with Stripe.js's card field: a declined card, then an accepted one.
    await heading(page, 'Paiement');
    const cardField = (number: string) => page.getByRole('textbox', { name: 'Numéro de carte' }).fill(number);
    await cardField('4000 0000 0000 0002');
    await page
      .getByRole('textbox', { name: "Date d'expiration (MM / AA)" })
      .fill(`12 / ${String(new Date().getFullYear() + 2).slice(2)}`);
    await page.getByRole('textbox', { name: 'Cryptogramme (CVC)' }).fill('123');
    await page.getByRole('button', { name: 'Confirmer le paiement' }).click();
    await page.getByText('Le moyen de paiement a été refusé : choisissez-en un autre.').waitFor();
    await expectNoSeriousViolation(page);
    await cardField('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Confirmer le paiement' }).click();

    // Success, then the first connection: the code from the outbox, a password, the back-office.
    await heading(page, 'Votre structure est inscrite');
    await expectNoSeriousViolation(page);
    // The same page in another tab (its own session storage, empty) still leads to this account's code.
    const otherTab = await page.context().newPage();
    try {
      await otherTab.goto(page.url());
      await otherTab.getByRole('button', { name: 'Première connexion' }).click();
      const address = otherTab.getByRole('textbox', { name: /e-mail/i });
      await address.waitFor();
      expect(await address.inputValue()).toBe('claire.fontaine@academie-numerique.fr');
    } finally {
      await otherTab.close();
    }
    await page.getByRole('button', { name: 'Première connexion' }).click();
    await typeCode(page, await t.readLastCode('claire.fontaine@academie-numerique.fr'));
    await page.getByRole('heading', { name: 'Choisissez votre mot de passe' }).waitFor();
    await field(page, 'Nouveau mot de passe').fill('Structure2026!');
    await field(page, 'Confirmez le mot de passe').fill('Structure2026!');
    await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
    await page.locator('#main-content').waitFor();

    // The new admin's account shows the plan that was paid for.
    await t.goto('/account');
    await page.getByText('Formule Établissement').waitFor();
    await expectNoSeriousViolation(page);
    // Six screens, each checked by axe, on two shared cores.
  }, 180_000);

  it("lets a super admin end a structure's plan from its admin's page, and invite a structure: the copied link opens its prefilled sign-up", async () => {
    const page = t.page;
    await page.setViewportSize({ width: 390, height: 844 });
    const users = await t.api<{ id: number; email: string; company: { id: number } }[]>('/api/users?q=admin@demo.fr');
    const admin = users.find((user) => user.email === 'admin@demo.fr')!;
    await t.api('/api/subscribe', { body: { plan: 1, company: admin.company.id } });
    await t.signIn('superadmin', `/users/${admin.id}/show`);
    await page.getByText('Formule Découverte').waitFor();
    await page.getByRole('button', { name: 'Résilier l’abonnement' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Résilier l’abonnement' }).click();
    await page.getByText(/Résilié : l’accès de la structure prend fin le/).waitFor();
    await expectNoSeriousViolation(page);

    await t.goto('/users');
    await page.getByRole('button', { name: 'Inviter une structure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inviter une structure' });
    await dialog.getByRole('button', { name: 'Créer le lien' }).click();
    await dialog.getByText('Ce champ est obligatoire.').waitFor();
    await dialog.getByRole('textbox', { name: 'Nom de la structure' }).fill('Lycée Jean Moulin');
    await dialog.getByRole('button', { name: 'Créer le lien' }).click();
    const linkField = dialog.getByRole('textbox', { name: "Lien d'invitation" });
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${t.baseUrl}/#/onboard\\?company=[^&]+&key=[A-Za-z0-9_-]{43}$`));
    await dialog.getByRole('button', { name: 'Copier le lien' }).waitFor();
    await expectNoSeriousViolation(page);

    const wrongKey = link.replace(/key=.*/, 'key=wrong-key');
    await page.goto(wrongKey);
    await page.getByText("Impossible de retrouver la structure de ce lien d'invitation.").waitFor();
    await heading(page, 'Inscrire votre structure');
    await page.goto(link);
    await heading(page, 'Coordonnées de la structure');
    expect(await field(page, 'Nom de la structure').inputValue()).toBe('Lycée Jean Moulin');
    await expectNoSeriousViolation(page);
  });
});
