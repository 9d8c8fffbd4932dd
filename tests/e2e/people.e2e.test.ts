import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';

/**
 * People in a browser: the account page (password change, sign out everywhere), a user invited
 * by a super admin who signs in with the mailed code, a user's page, a notification template previewed
 * and test-sent; axe on each new screen, and no sideways scroll 390 px wide.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
const digitBox = (page: Page, index: number) => page.getByRole('textbox', { name: `Chiffre ${index} sur 6` });

/**
 * 390 px wide, nothing of the screen (`root`) reaches past its box's right edge, where it would scroll the
 * page sideways; the offenders are named when some do. (The app's own frame, menu and app bar, is the
 * shell's: tests/e2e/shell.e2e.test.ts.)
 */
async function fitsAPhone(page: Page, root: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  const offenders = () =>
    page.evaluate((selector) => {
      const box = document.querySelector(selector);
      if (!box) return [`${selector} is not on the page`];
      // The window's edge, or the screen's box where the app's frame makes that wider (the shell's).
      const own = Math.min(
        box.getBoundingClientRect().right,
        box.parentElement?.getBoundingClientRect().right ?? Infinity,
      );
      const edge = Math.max(own, document.documentElement.clientWidth);
      return [box, ...box.querySelectorAll('*')]
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          // Content scrolled inside its own box (a table) is not the page scrolling.
          const clipped =
            element.closest('.MuiTableContainer-root') && !element.classList.contains('MuiTableContainer-root');
          return rect.width > 0 && rect.right > edge + 1 && !clipped;
        })
        .slice(0, 5)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join('.')} → ${Math.round(element.getBoundingClientRect().right)} > ${Math.round(edge)}`,
        );
    }, root);
  await poll(offenders).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function outboxMails(to: string): Promise<{ subject: string; text: string }[]> {
  const outbox = join(t.dataDir, 'outbox');
  const mails: { subject: string; text: string }[] = [];
  for (const file of (await readdir(outbox).catch(() => [] as string[])).sort()) {
    const eml = await readFile(join(outbox, file), 'utf8');
    const header = (name: string) =>
      (eml.split('\r\n').find((line) => line.startsWith(`${name}: `)) ?? '')
        .slice(name.length + 2)
        .replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_, base64: string) => Buffer.from(base64, 'base64').toString('utf8'));
    if (header('To') === to)
      mails.push({ subject: header('Subject'), text: eml.split('\r\n\r\n').slice(1).join('\r\n\r\n') });
  }
  return mails;
}

describe('the account page', () => {
  it('changes the password (a wrong current one is refused on its field) and signs out everywhere', async () => {
    const page = t.page;
    await t.signIn('contributeur', '/account');
    await page.getByTestId('account-email').filter({ hasText: 'contributeur@demo.fr' }).waitFor();
    await page.getByRole('region', { name: 'Mes connexions' }).getByTestId('connections').waitFor();
    await expectNoSeriousViolation(page);
    // At 390 px the sign-ins are lines, not a table scrolled sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByTestId('connections').evaluate((element) => element.tagName)).toBe('UL');
    await expectNoSeriousViolation(page);
    await fitsAPhone(page, '[data-testid="account-page"]');

    const current = page.locator('input[name="currentPassword"]');
    const next = page.locator('input[name="password"]');
    await current.fill('Mauvais2026!');
    await next.fill('Change2026!');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Le mot de passe actuel est incorrect.').waitFor();
    expect(await next.inputValue()).toBe('Change2026!');
    await current.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Mot de passe changé').waitFor();
    // The typed passwords do not stay on screen.
    await expect.poll(() => next.inputValue()).toBe('');
    expect(await current.inputValue()).toBe('');
    // This session goes on (renewed): the page still reads the user.
    await page.reload();
    await page.getByTestId('account-email').waitFor();

    // Another session of the same user, opened before "sign out everywhere", ends with it.
    const other = await t.api<{ refresh_token: string }>('/api/auth/token', {
      body: { login: 'contributeur@demo.fr', password: 'Change2026!' },
    });
    await page.getByRole('button', { name: 'Me déconnecter partout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Me déconnecter partout' }).click();
    await page.locator('input[name="password"]').waitFor();
    const refreshed = await fetch(`${t.baseUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: other.refresh_token }),
    });
    expect(refreshed.status).toBe(401);
    // The new password opens a new session.
    await t.login({ email: 'contributeur@demo.fr', password: 'Change2026!' });
  }, 120_000);
});

describe('inviting a user', () => {
  it('creates the user, mails a code, and the invitee signs in with it and chooses a password', async () => {
    const page = t.page;
    const email = `invite.${stamp()}@demo.fr`;
    await t.signIn('superadmin', '/users/create');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="firstName"]').fill('Léa');
    await page.locator('input[name="lastName"]').fill('Invitée');
    // Across all structures, a user who is not platform staff is invited into a structure.
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Ce champ est requis').waitFor();
    await page.getByRole('combobox', { name: 'Structure' }).fill('Académie');
    await page.getByRole('option', { name: 'Académie Démo' }).click();
    await expectNoSeriousViolation(page);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Utilisateur invité').waitFor();
    const code = await t.readLastCode(email);

    // The user's page: French labels, the invitation pending, an access right added as a chip.
    const [user] = await t.api<{ id: number }[]>(`/api/users?q=${encodeURIComponent(email)}`);
    await t.goto(`/users/${user.id}/show`);
    const userPage = page.getByTestId('user-page');
    await userPage.getByText("Cet utilisateur n'a pas encore activé son compte.").waitFor();
    await userPage.getByText('Première connexion').waitFor();
    await userPage.getByLabel("Ajouter un droit d'accès").click();
    await page.getByRole('option').first().click();
    await poll(() => userPage.getByTestId('access-rights').locator('.MuiChip-root').count()).toBe(1);
    await expectNoSeriousViolation(page);
    await fitsAPhone(page, '[data-testid="user-page"]');

    const invitee = await page.context().browser()!.newContext();
    try {
      const other = await invitee.newPage();
      await other.goto(`${t.baseUrl}/#/invitation`);
      await other.getByLabel('Adresse e-mail').fill(email);
      await digitBox(other, 1).focus();
      await other.keyboard.type(code);
      await expectNoSeriousViolation(other);
      await fitsAPhone(other, 'form');
      await other.getByRole('button', { name: 'Valider le code' }).click();
      await other.getByRole('heading', { name: 'Choisissez votre mot de passe' }).waitFor();
      await other.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill('Invitee2026!');
      await other.getByRole('textbox', { name: 'Confirmez le mot de passe' }).fill('Invitee2026!');
      await other.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
      await other.locator('#main-content').waitFor();
    } finally {
      await invitee.close();
    }
  }, 120_000);

  it("shows an admin their structure's user, with the profile and the account to change", async () => {
    const page = t.page;
    const [contributor] = await t.api<{ id: number }[]>('/api/users?q=contributeur');
    await t.signIn('admin', `/users/${contributor.id}/show`);
    const userPage = page.getByTestId('user-page');
    await userPage.getByTestId('connections').waitFor();
    await userPage.getByText('Contributeur').first().waitFor();
    expect(await page.getByText("Vous n'avez pas les droits nécessaires.").count()).toBe(0);
    // A structure's administrators run their people (docs/SECURITY.md, rights): its profile and its account.
    await userPage.getByRole('button', { name: 'Modifier le profil' }).waitFor();
    expect(await userPage.getByRole('switch').count()).toBe(1);
    await expectNoSeriousViolation(page);
  }, 120_000);
});

describe('notification templates', () => {
  it('inserts a variable, refuses an unknown one on the field, previews in each locale and mails a test', async () => {
    const page = t.page;
    // The structure's own template of the code, which its people's mails then use: the platform's stays
    // the default, read-only to a structure.
    const [platform] = await t.api<{ name: string; subject: string; body: string }[]>(
      '/api/notification-templates?q=ticket_reply_fr',
    );
    const template = await t.api<{ id: number }>('/api/notification-templates', {
      as: 'admin',
      body: {
        code: 'ticket_reply_fr',
        name: `${platform.name} (Académie Démo)`,
        channel: 'email',
        locale: 'fr',
        subject: platform.subject,
        body: platform.body,
      },
    });
    await t.signIn('admin', `/notification-templates/${template.id}`);
    const body = page.locator('textarea[name="body"]');
    await body.waitFor();
    await body.fill('Bonjour  et {{inconnue}}');
    await body.evaluate((box: HTMLTextAreaElement) => box.setSelectionRange(8, 8));
    await page.getByTestId('template-variables').getByText('{{firstName}}').click();
    await poll(() => body.inputValue()).toBe('Bonjour {{firstName}} et {{inconnue}}');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Ce modèle ne propose pas cette variable').waitFor();
    expect(await body.inputValue()).toBe('Bonjour {{firstName}} et {{inconnue}}');
    await body.fill('Bonjour {{firstName}}, {{agentName}} vous a répondu.');
    await page.getByRole('button', { name: 'Aperçu' }).click();
    const preview = page.getByTestId('template-preview');
    await preview.getByText('Bonjour Camille, Julie Bernard vous a répondu.').waitFor();
    await preview.getByRole('tab', { name: 'Anglais' }).click();
    await preview.getByText('Video does not start', { exact: false }).waitFor();
    await expectNoSeriousViolation(page);
    await fitsAPhone(page, 'form');

    await t.goto(`/notification-templates/${template.id}/show`);
    await page.getByRole('button', { name: "M'envoyer un test" }).click();
    await page.getByText('Un e-mail de test vous a été envoyé.').waitFor();
    await poll(async () => (await outboxMails('admin@demo.fr')).map((mail) => mail.subject)).toContain(
      '[Test] Nouvelle réponse à votre demande « Vidéo qui ne se lance pas »',
    );
    await expectNoSeriousViolation(page);
  }, 120_000);
});
