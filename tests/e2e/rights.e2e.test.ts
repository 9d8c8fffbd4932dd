import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows } from '../../src/domain/rights.ts';
import { startApp, type App, type DemoAccount } from './harness.ts';

/**
 * The shell as each role finds it, at a phone's width (390 px) and a wide screen's (1440 px):
 * every screen of the menu is walked; no page scrolls sideways, no call of the walk is refused (403), and
 * every action offered is one the server grants: "Créer" and "Exporter" by the rights table the server
 * enforces too, "Modifier" by asking the server to save the record as that role.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const ROLES: Record<string, string[]> = {
  contributeur: ['ROLE_USER'],
  admin: ['ROLE_ADMIN'],
  superadmin: ['ROLE_SUPER_ADMIN'],
};

/** Every refused call the page makes from now on. */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
  });
  return refused;
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The menu's routes (`#/courses`...), read at the wide size where the menu is open beside the page. */
async function menuRoutes(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('menuitem').first().waitFor();
  const hrefs = await menu
    .getByRole('menuitem')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace(/^#/, '')).filter((route) => route.startsWith('/'));
}

/**
 * What each screen of the menu shows once it has loaded: a list its rows (a table, or a phone's lines),
 * its "nothing yet" page or its "no result" line, a tree its nodes, the home page its cards, the reports
 * their date, an answer its review, the rights their table (or, with no structure chosen, the hint to
 * choose one). Waiting for it rather than for a fixed time: a screen showing none of them fails here, by
 * its route, and is added.
 */
function loaded(page: Page) {
  return (
    page
      .locator(
        [
          '.RaDataTable-root',
          '[data-testid="phone-list"]',
          '.RaList-noResults',
          '.RaEmpty-message',
          '[role="tree"]',
          '[data-testid="card-saved-views"]',
          '[data-testid="refreshed-at"]',
          '#review-question',
          '[data-testid="rights-table"]',
        ].join(', '),
      )
      // A filtered list with no row says so in its card (react-admin gives that message no class).
      .or(page.locator('.RaList-content').getByText(/^Aucun résultat/))
      .or(page.getByText('Choisissez une structure dans le sélecteur pour voir et changer ses droits.'))
      .first()
  );
}

async function settled(page: Page): Promise<void> {
  await page.locator('#main-content').waitFor();
  await loaded(page)
    .waitFor()
    .catch((error: Error) => {
      throw new Error(`${page.url()}: none of the loaded states of a screen showed (${error.message})`);
    });
  // The home page's cards each load their own figures.
  await expect.poll(() => page.locator('[data-testid^="card-"][aria-busy="true"]').count()).toBe(0);
  await page
    .getByRole('progressbar')
    .first()
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .catch(() => undefined);
}

async function walk(account: DemoAccount) {
  const page = t.page;
  const refused = watchRefusals(page);
  await page.setViewportSize(WIDE);
  await t.signIn(account);
  const routes = await menuRoutes(page);
  expect(routes.length).toBeGreaterThan(3);
  const roles = ROLES[account];

  for (const route of routes) {
    const resource = route.split('/')[1];
    await page.setViewportSize(WIDE);
    await t.goto(route);
    await settled(page);
    expect.soft(await sidewaysScroll(page), `${route} at 1440 px`).toBeLessThanOrEqual(0);

    // What the toolbar offers, the rights table grants (the server enforces the same table).
    const create = page.getByRole('link', { name: 'Créer' }).or(page.getByRole('button', { name: 'Créer' }));
    if ((await create.count()) > 0)
      expect.soft(allows(roles, resource, 'create'), `${account} offered Créer on ${route}`).toBe(true);
    const exportButton = page.getByRole('button', { name: 'Exporter', exact: true });
    if ((await exportButton.count()) > 0)
      expect.soft(allows(roles, resource, 'list'), `${account} offered Exporter on ${route}`).toBe(true);

    // "Modifier" in the side panel: the server saves the record as this role (no change, a real PUT).
    const firstRow = page.locator('.RaDataTable-root tbody tr').first();
    const panel = page.getByTestId('side-panel');
    let openedInPanel = false;
    if ((await firstRow.count()) > 0) {
      await firstRow.locator('td[class*="column-"]').first().click();
      // The title reads the record the "Modifier" link waits for. A list whose records open as a page of
      // their own (a learner's answer opens as its review) leaves the list's route instead.
      await page.waitForFunction((listRoute) => {
        const title = document.getElementById('side-panel-title')?.textContent;
        return (Boolean(title) && title !== '…') || new RegExp(`^#${listRoute}/\\d+`).test(location.hash);
      }, route);
      openedInPanel = await panel.isVisible();
      if (!openedInPanel) await page.locator('#main-content').waitFor();
    }
    if (openedInPanel) {
      const modify = panel.getByRole('link', { name: 'Modifier' });
      if ((await modify.count()) > 0) {
        // The panel may hold another resource's record (a Journal row opens the record it names): the link says which.
        const [linked, id] = ((await modify.getAttribute('href')) ?? '').split('/').slice(-2);
        await t.api(`/api/${linked}/${id}`, { method: 'PUT', body: {}, as: account });
      }
      // At 1440 px the list stays whole beside the panel: its toolbar and last column are not under it.
      // The list makes room as the panel slides in: polled until the slide is over.
      const panelLeft = (await panel.boundingBox())!.x;
      const listRight = async () => {
        const card = await page.locator('.RaList-content').first().boundingBox();
        return card ? card.x + card.width : 0;
      };
      await expect
        .poll(listRight, { message: `${route}: list under the panel`, timeout: 3_000 })
        .toBeLessThanOrEqual(panelLeft + 1);
      if ((await exportButton.count()) > 0) {
        const box = (await exportButton.boundingBox())!;
        expect.soft(box.x + box.width, `${route}: Exporter under the panel`).toBeLessThanOrEqual(panelLeft + 1);
      }
      // Escape goes back through the panel's history (kept across screens) until it closes.
      for (let tries = 0; tries < 12 && (await panel.isVisible()); tries++) {
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden', timeout: 1_000 }).catch(() => undefined);
      }
      expect(await panel.isVisible(), `${route}: the panel closes`).toBe(false);
    }

    await page.setViewportSize(PHONE);
    await settled(page);
    expect.soft(await sidewaysScroll(page), `${route} at 390 px`).toBeLessThanOrEqual(0);
  }
  expect(refused).toEqual([]);
}

describe('each role walks every screen of its menu at 1440 and 390 px', () => {
  // Some five seconds a screen on 2 cores, ten when they are shared; a super admin's menu has some twenty-five.
  it('a contributor', () => walk('contributeur'), 300_000);
  it('an admin', () => walk('admin'), 420_000);
  it('a super admin', () => walk('superadmin'), 480_000);
});

describe('the phone layout', () => {
  it('has the menu in a drawer, the title beside the buttons, the side panel full-screen', async () => {
    const page = t.page;
    const refused = watchRefusals(page);
    await page.setViewportSize(PHONE);
    await t.signIn('contributeur', '/comments');
    await settled(page);

    // The title is not under the language button.
    const title = (await page.locator('header h1').boundingBox())!;
    const language = (await page.getByRole('button', { name: 'Français' }).boundingBox())!;
    expect(title.width).toBeGreaterThan(60);
    expect(title.x + title.width).toBeLessThanOrEqual(language.x + 1);

    // The menu is a drawer, closed until asked for.
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await menu.getByRole('menuitem', { name: 'Documents' }).click();
    // On a phone, a line per document instead of the table.
    const lines = page.getByTestId('phone-line');
    await lines.first().waitFor();

    // A document's owner is a name from the list itself, never a user fetched (and refused) one by one.
    expect((await lines.allInnerTexts()).some((text) => /Propriétaire :\s*\p{L}+ \p{L}+/u.test(text))).toBe(true);

    await lines.first().getByRole('button').first().click();
    const panel = page.getByTestId('side-panel');
    await panel.getByRole('tab').first().waitFor();
    const box = (await panel.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(PHONE.width - 1);
    expect(refused).toEqual([]);
  });
});
