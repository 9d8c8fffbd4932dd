import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from './harness.ts';
import { home, homeLoaded } from './home.ts';

const PREFIX = 'lms-backoffice';

/**
 * The session's entries of the tab's storage. The tab's language (`locale`, applied from the account at sign-in)
 * is a preference, not the session: it stays after a logout, so the sign-in page keeps speaking it.
 */
const session = (page: Page) =>
  page.evaluate(
    (localeKey) =>
      Object.fromEntries(Object.entries({ ...sessionStorage }).filter(([key]) => key !== localeKey)) as Record<
        string,
        string
      >,
    `${PREFIX}.locale`,
  );
const sessionSize = async (page: Page) => Object.keys(await session(page)).length;

const tokenExp = async (page: Page) => {
  const token = (await session(page))[`${PREFIX}.token`];
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp as number;
};

const digitBox = (page: Page, index: number) => page.getByRole('textbox', { name: `Chiffre ${index} sur 6` });

/** Pastes `text` into the focused element, as Ctrl+V would (the clipboard itself is not reachable headless). */
const paste = (page: Page, text: string) =>
  page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);

/** Another six-digit code than `code`. */
const otherCode = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 1) % 10);

async function createUser(t: App, email: string): Promise<void> {
  // In the demo administrator's structure: a user who is not platform staff belongs to one.
  const admin = (await t.api<{ email: string; company: { id: number } }[]>('/api/users?q=admin@demo.fr')).find(
    (user) => user.email === 'admin@demo.fr',
  )!;
  await t.api('/api/users', {
    body: {
      email,
      firstName: 'Inès',
      lastName: 'Moreau',
      type: 'contributor',
      password: 'Provisoire2026',
      company: admin.company.id,
    },
  });
}

/** The last step of a reset or a first connection: a too-weak password first, then a good one. */
async function chooseNewPassword(page: Page, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Choisissez votre mot de passe' }).waitFor();
  await page.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill('court');
  await page.getByRole('textbox', { name: 'Confirmez le mot de passe' }).fill('autre');
  await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
  await page.getByText('Le mot de passe ne respecte pas les règles ci-dessous.').waitFor();
  await page.getByText('Les deux mots de passe sont différents.').waitFor();
  await page.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill(password);
  await page.getByRole('textbox', { name: 'Confirmez le mot de passe' }).fill(password);
  await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
  await page.locator('#main-content').waitFor();
}

describe('authentication and sessions', () => {
  let t: App;

  beforeAll(async () => {
    t = await startApp();
  });

  afterAll(async () => {
    await t?.stop();
  });

  it('says why a login failed above the form alone, then logs in with nothing stale on screen', async () => {
    const page = t.page;
    await t.goto('/login');
    await page.getByLabel('Adresse e-mail').fill('superadmin@demo.fr');
    await page.getByRole('textbox', { name: 'Mot de passe' }).fill('pas-le-bon');
    await page.getByRole('button', { name: 'Connexion' }).click();
    await page.getByRole('alert').getByText('Adresse e-mail ou mot de passe incorrect.').waitFor();
    expect(await page.getByRole('alert').count()).toBe(1);
    expect(await session(page)).toEqual({});

    await page.getByRole('textbox', { name: 'Mot de passe' }).fill('Demo2026!');
    await page.getByRole('button', { name: 'Connexion' }).click();
    await page.locator('#main-content').waitFor();
    await page.getByRole('button', { name: 'Profil' }).getByText('Sophie Martin').waitFor();
    expect(await page.getByText('Une erreur est survenue').count()).toBe(0);
    const stored = await session(page);
    expect(Object.keys(stored).sort()).toEqual([`${PREFIX}.refresh_token`, `${PREFIX}.roles`, `${PREFIX}.token`]);
    expect(JSON.parse(stored[`${PREFIX}.roles`])).toEqual(['ROLE_SUPER_ADMIN']);
  });

  it('says so when no account has the address given for a reset', async () => {
    await t.goto('/login');
    await t.page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await t.page.getByLabel('Adresse e-mail').fill('personne@nulle-part.fr');
    await t.page.getByRole('button', { name: 'Recevoir un code' }).click();
    await t.page.getByText('Aucun compte ne correspond à cette adresse').waitFor();
    expect(new URL(t.page.url()).hash).toBe('#/forgot-password');
  });

  it('resets a password with the e-mailed code (a wrong one first, then the right one pasted)', async () => {
    const email = 'reinit.e2e@demo.fr';
    await createUser(t, email);
    const page = t.page;
    await t.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByRole('button', { name: 'Recevoir un code' }).click();
    await page.getByRole('heading', { name: 'Vérifiez votre adresse e-mail' }).waitFor();
    await page.getByText(`envoyé à ${email}`).waitFor();
    expect(JSON.parse((await session(page))[`${PREFIX}.roles`])).toEqual(['ROLE_FIRST_CONNECT']);
    const code = await t.readLastCode(email);

    await digitBox(page, 1).focus();
    await page.keyboard.type(otherCode(code));
    await page.getByRole('button', { name: 'Valider le code' }).click();
    await page.getByText('Ce code est incorrect').waitFor();
    for (let index = 1; index <= 6; index += 1) expect(await digitBox(page, index).inputValue()).toBe('');
    await expect.poll(() => digitBox(page, 1).evaluate((box) => box === document.activeElement)).toBe(true);

    await paste(page, code);
    for (let index = 1; index <= 6; index += 1) expect(await digitBox(page, index).inputValue()).toBe(code[index - 1]);
    await page.getByRole('button', { name: 'Valider le code' }).click();
    await chooseNewPassword(page, 'Nouveau2026');
    await home(page).waitFor();
    expect(JSON.parse((await session(page))[`${PREFIX}.roles`])).toEqual(['ROLE_USER']);

    // The new password opens a full session from now on.
    await t.goto('/logout');
    await page.getByRole('button', { name: 'Connexion' }).waitFor();
    await expect.poll(() => sessionSize(page)).toBe(0);
    await t.login({ email, password: 'Nouveau2026' });
    await home(page).waitFor();
  });

  it('ends the reset after five wrong codes: back to the sign-in page, saying why', async () => {
    const email = 'devine.e2e@demo.fr';
    await createUser(t, email);
    const page = t.page;
    await t.goto('/forgot-password');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByRole('button', { name: 'Recevoir un code' }).click();
    await page.getByRole('heading', { name: 'Vérifiez votre adresse e-mail' }).waitFor();
    const code = await t.readLastCode(email);
    for (let attempt = 1; attempt <= 4; attempt++) {
      await digitBox(page, 1).focus();
      await paste(page, otherCode(code));
      await page.getByRole('button', { name: 'Valider le code' }).click();
      await page.getByText('Ce code est incorrect').waitFor();
    }
    await digitBox(page, 1).focus();
    await paste(page, otherCode(code));
    await page.getByRole('button', { name: 'Valider le code' }).click();
    await page.getByText("Trop de codes erronés : ce code n'est plus valable, demandez-en un nouveau.").waitFor();
    await page.waitForURL(/#\/login/);
    expect(await session(page)).toEqual({});
  });

  it('takes a user created by the super admin through the code and a new password at their first login', async () => {
    const email = 'premiere.connexion.e2e@demo.fr';
    await createUser(t, email);
    const page = t.page;
    await t.goto('/login');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByRole('textbox', { name: 'Mot de passe' }).fill('Provisoire2026');
    await page.getByRole('button', { name: 'Connexion' }).click();
    await page.waitForURL(/#\/verify-code/);
    const first = await t.readLastCode(email);

    await page.getByRole('button', { name: 'Renvoyer le code' }).click();
    await page.getByText('Un nouveau code vient de vous être envoyé.').waitFor();
    const code = await t.readLastCode(email, { after: first });

    // Typed digit by digit: each moves on to the next box, Backspace goes back to fix one.
    await digitBox(page, 1).focus();
    await page.keyboard.type(code.slice(0, 3));
    expect(await digitBox(page, 4).evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.type('x9');
    expect(await digitBox(page, 4).inputValue()).toBe('9');
    expect(await digitBox(page, 5).evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.press('Backspace');
    expect(await digitBox(page, 4).inputValue()).toBe('');
    expect(await digitBox(page, 4).evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.type(code.slice(3));
    expect(await digitBox(page, 1).getAttribute('inputmode')).toBe('numeric');
    await page.keyboard.press('Enter');

    await chooseNewPassword(page, 'Bienvenue2026');
    await page.getByRole('button', { name: 'Profil' }).getByText('Inès Moreau').waitFor();
    await home(page).waitFor();
  });

  it('logs out from the user menu and from /logout, clearing the session and the side-block history', async () => {
    const page = t.page;
    await t.login('admin');
    await page.evaluate((key) => localStorage.setItem(key, '[{"type":"ticket","id":1}]'), `${PREFIX}.sideBlockHistory`);
    await page.getByRole('button', { name: 'Profil' }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.getByRole('button', { name: 'Connexion' }).waitFor();
    expect(await sessionSize(page)).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), `${PREFIX}.sideBlockHistory`)).toBeNull();

    await t.login('admin');
    await t.goto('/logout');
    await page.waitForURL(/#\/login/);
    await page.getByRole('button', { name: 'Connexion' }).waitFor();
    expect(await sessionSize(page)).toBe(0);
  });

  it('opens a second tab signed in with a session of its own, and signs both out from either', async () => {
    const page = t.page;
    await t.login('admin');
    const second = await t.context.newPage();
    try {
      await second.goto(`${t.baseUrl}/#/tags`);
      await second.locator('#main-content').waitFor();
      expect(second.url()).toContain('#/tags');
      const [firstTokens, secondTokens] = [await session(page), await session(second)];
      // Each tab renews its own session: the handed-over one is another family, not a copy.
      expect(secondTokens[`${PREFIX}.refresh_token`]).toBeTruthy();
      expect(secondTokens[`${PREFIX}.refresh_token`]).not.toBe(firstTokens[`${PREFIX}.refresh_token`]);
      const signedOut = page.waitForRequest(
        (request) => request.url().endsWith('/api/auth/sign-out') && request.method() === 'POST',
      );
      await second.getByRole('button', { name: 'Profil' }).click();
      await second.getByRole('menuitem', { name: 'Déconnexion' }).click();
      await second.getByRole('button', { name: 'Connexion' }).waitFor();
      // The first tab hears it, ends its own session on the server too, and says why.
      await signedOut;
      await page.getByRole('button', { name: 'Connexion' }).waitFor();
      await page.getByText('Vous vous êtes déconnecté dans un autre onglet.').waitFor();
      expect(await sessionSize(page)).toBe(0);
    } finally {
      await second.close();
    }
    // A tab opened alone (no other tab of the browser has a session) asks to sign in.
    const alone = await t.context.newPage();
    try {
      await alone.goto(`${t.baseUrl}/#/tags`);
      await alone.getByRole('button', { name: 'Connexion' }).waitFor();
    } finally {
      await alone.close();
    }
  });

  it('refuses a contributor the super admin’s pages: "Accès refusé", no menu entry, and a 403 from the server', async () => {
    const page = t.page;
    await t.login('contributeur');
    await home(page).waitFor();
    const menu = page.locator('.RaMenu-open, .RaSidebar-fixed').first();
    await menu.getByRole('menuitem', { name: 'Utilisateurs' }).waitFor();
    expect(await menu.getByText("Droits d'accès").count()).toBe(0);

    await t.goto('/access-rights');
    await page.getByText('Accès refusé').waitFor();
    expect(await page.locator('td.column-code').count()).toBe(0);
    await expect(t.api('/api/access-rights', { as: 'contributeur' })).rejects.toThrow(/: 403 /);
  });

  it('shows the super admin the same page and its menu entry', async () => {
    await t.login('superadmin');
    await t.page.getByRole('menuitem', { name: "Droits d'accès" }).click();
    await t.page.locator('td.column-code').first().waitFor();
  });
});

describe('an access token that expires while the user works (JWT_TTL of 6 s)', () => {
  let t: App;

  beforeAll(async () => {
    t = await startApp({ env: { JWT_TTL: '6' } });
  });

  afterAll(async () => {
    await t?.stop();
  });

  /** Waits until the stored token is past its exp, then counts the refresh calls of what follows. */
  async function afterExpiry(page: Page, action: () => Promise<void>) {
    const exp = await tokenExp(page);
    await page.waitForFunction((seconds) => Date.now() / 1000 > seconds + 0.2, exp, { polling: 100 });
    const refreshes: Request[] = [];
    const calls: string[] = [];
    const onRequest = (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/auth/refresh') refreshes.push(request);
      else if (path.startsWith('/api/'))
        calls.push(`${request.method()} ${path} ${request.headers().authorization ?? ''}`);
    };
    page.on('request', onRequest);
    await action();
    page.off('request', onRequest);
    return { refreshes, calls };
  }

  it('renews the token once for all the calls of a screen, with no logout', async () => {
    const page = t.page;
    await t.login('superadmin');
    await homeLoaded(page);
    const before = (await session(page))[`${PREFIX}.token`];

    // Navigate in the app after the token expired.
    const navigation = await afterExpiry(page, async () => {
      await page.getByRole('menuitem', { name: 'Formations' }).click();
      await page.locator('td.column-title').first().waitFor();
    });
    expect(navigation.refreshes).toHaveLength(1);
    expect(navigation.refreshes[0].postDataJSON()).toMatchObject({ type: 'admin', isBoConnection: true });
    expect(new URL(page.url()).hash).toMatch(/^#\/courses/);
    const renewed = (await session(page))[`${PREFIX}.token`];
    expect(renewed).not.toBe(before);
    expect(navigation.calls.every((call) => call.endsWith(`Bearer ${renewed}`))).toBe(true);

    // A reload once it expired again: identity, permissions and the list all start at once.
    const reload = await afterExpiry(page, async () => {
      await page.reload();
      await page.locator('td.column-title').first().waitFor();
      await page.getByRole('button', { name: 'Profil' }).getByText('Sophie Martin').waitFor();
    });
    expect(reload.refreshes).toHaveLength(1);
    expect(reload.calls.length).toBeGreaterThanOrEqual(2);
    expect(new URL(page.url()).hash).toMatch(/^#\/courses/);
    expect(await page.getByRole('button', { name: 'Connexion' }).count()).toBe(0);
  });

  it('ends a session whose refresh fails with the GenericError snackbar and the login page', async () => {
    const page = t.page;
    await t.login('admin');
    await homeLoaded(page);
    // A refresh token the server no longer knows, as after a revocation.
    await page.evaluate((key) => sessionStorage.setItem(key, 'revoque'), `${PREFIX}.refresh_token`);
    const { refreshes } = await afterExpiry(page, async () => {
      await page.getByRole('menuitem', { name: 'Formations' }).click();
      await page.getByText('Une erreur est survenue, veuillez réessayer.').waitFor();
      await page.getByRole('button', { name: 'Connexion' }).waitFor();
    });
    expect(refreshes).toHaveLength(1);
    expect(new URL(page.url()).hash).toBe('#/login');
    expect(await sessionSize(page)).toBe(0);
  });
});
