import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/resources';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';

/**
 * The lists on a phone (390 × 844): one line per record with its title, key facts and status instead of a
 * table cut off at the screen's edge (tickets: the subject, "Concerne", the author, the status and the due
 * badge; users: the name, the e-mail address, the role and, across every structure, the structure); the
 * filters in a drawer, one applied there narrowing the list and shown as a removable chip; a line opening
 * its record in the side panel; axe. Lines selected by their checkboxes and deleted together. Then every
 * resource's list, none wider than the screen.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const PHONE = { width: 390, height: 844 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
const lines = (page: Page) => page.getByTestId('phone-line');

/** What reaches past the phone's right edge: the page's width, and the first few elements that make it. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    const offenders = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.right > edge + 1 && element.closest('[aria-hidden="true"]') === null;
      })
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, offenders };
  });

interface Ticket {
  id: number;
  subject: string;
  status: string;
  dueAt: string | null;
  parent: { name?: string } | null;
  author: { name: string } | null;
}

describe('lists on a phone', () => {
  it('shows a ticket on one line with its key facts; the filters in a drawer; a tap opens it', async () => {
    const page = t.page;
    await page.setViewportSize(PHONE);
    const tickets = await t.api<Ticket[]>('/api/tickets?itemsPerPage=100', { as: 'admin' });
    const ticket = tickets.find((found) => found.parent?.name && found.author?.name && found.dueAt);
    expect(ticket, 'a seeded ticket about something, with an author and a running target').toBeDefined();
    const { subject, parent, author } = ticket!;

    await t.signIn('admin', '/tickets');
    await lines(page).first().waitFor();
    // No table: its columns would be cut off at the screen's edge.
    expect(await page.locator('.RaDataTable-root').count()).toBe(0);
    await page.getByPlaceholder('Rechercher').fill(subject);
    await poll(() => lines(page).count()).toBe(1);
    const line = lines(page).first();
    await line.getByText(subject, { exact: true }).waitFor();
    const text = await line.innerText();
    expect(text).toContain('Concerne :');
    expect(text).toContain(parent!.name!);
    expect(text).toContain('Auteur :');
    expect(text).toContain(author!.name);
    expect(text).toContain(
      { created: 'En attente', treated: 'Traité', canceled: 'Annulé', closed: 'Fermé' }[ticket!.status],
    );
    await line.getByTestId('ticket-due').waitFor();
    expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousViolation(page);

    // The filters in a drawer: "Fermé" there leaves only closed tickets, shown as a chip that removes it.
    await page.getByPlaceholder('Rechercher').fill('');
    await poll(() => lines(page).count()).toBeGreaterThan(1);
    const all = await lines(page).count();
    const closed = tickets.filter((found) => found.status === 'closed').length;
    await page.getByRole('button', { name: 'Filtres', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtres' });
    await drawer.getByRole('combobox', { name: 'Statut' }).click();
    await page.getByRole('option', { name: 'Fermé', exact: true }).click();
    await drawer.getByRole('button', { name: `Voir les résultats (${closed})` }).waitFor();
    expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousViolation(page);
    await drawer.getByRole('button', { name: `Voir les résultats (${closed})` }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Filtres (1)' }).waitFor();
    await poll(async () => (await lines(page).allInnerTexts()).every((shown) => shown.includes('Fermé'))).toBe(true);
    await poll(() => lines(page).count()).toBe(Math.min(closed, 25));
    expect(closed).toBeGreaterThan(0);
    expect(closed).toBeLessThan(all);
    const chips = page.getByRole('list', { name: 'Filtres appliqués' });
    await chips.getByRole('listitem').filter({ hasText: 'Statut' }).waitFor();
    await chips.getByLabel('Retirer le filtre Statut').click();
    await poll(() => lines(page).count()).toBe(all);

    // A tap opens the ticket's panel, as a click on the table's row does.
    await page.getByPlaceholder('Rechercher').fill(subject);
    await poll(() => lines(page).count()).toBe(1);
    await lines(page).first().getByRole('button').first().click();
    const panel = page.getByTestId('side-panel');
    await poll(() => panel.locator('#side-panel-title').innerText()).toBe(subject);
  });

  it('shows a user on one line with the e-mail address, the role and the structure', async () => {
    const page = t.page;
    await page.setViewportSize(PHONE);
    const [user] = await t.api<{ firstName: string; lastName: string; email: string; company: { name: string } }[]>(
      '/api/users?itemsPerPage=1&type=admin&order[lastName]=asc',
      { as: 'superadmin' },
    );
    await t.signIn('superadmin', '/users');
    await lines(page).first().waitFor();
    expect(await page.locator('.RaDataTable-root').count()).toBe(0);
    await page.getByPlaceholder('Rechercher').fill(user.email);
    await poll(() => lines(page).count()).toBe(1);
    const line = lines(page).first();
    const name = `${user.firstName} ${user.lastName}`;
    await line.getByText(name, { exact: true }).waitFor();
    const text = await line.innerText();
    expect(text).toContain(user.email);
    expect(text).toContain('Administrateur');
    // Platform staff across every structure read whose user it is.
    expect(text).toContain(`Structure :`);
    expect(text).toContain(user.company.name);
    // The toolbar's buttons fit beside the filters, as icons with their names.
    for (const button of ['Vues', 'Exporter', 'Importer']) {
      const box = (await page.getByRole('button', { name: button, exact: true }).boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= PHONE.width, `${button}: ${JSON.stringify(box)}`).toBe(true);
    }
    expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousViolation(page);
    await line.getByRole('button').first().click();
    await poll(() => page.getByTestId('side-panel').locator('#side-panel-title').innerText()).toBe(name);
  });

  it('selects lines by their checkboxes and deletes them together, with the undo a table offers', async () => {
    const page = t.page;
    await page.setViewportSize(PHONE);
    const word = `Mobile${stamp()}`;
    for (const suffix of ['un', 'deux', 'trois']) await t.api('/api/tags', { body: { name: `${word} ${suffix}` } });
    await t.signIn('superadmin', `/tags?filter=${encodeURIComponent(JSON.stringify({ q: word }))}`);
    await poll(() => lines(page).count()).toBe(3);

    const boxes = page.getByRole('checkbox', { name: 'Sélectionner cette ligne' });
    await boxes.nth(0).check();
    await boxes.nth(2).check();
    await page.getByText('2 sélectionnés').waitFor();
    await expectNoSeriousViolation(page);
    expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: 'Supprimer' }).click();
    await poll(() => lines(page).count()).toBe(1);
    // Undoable: the server deletes once the notification has gone.
    await poll(async () => (await t.api<unknown[]>(`/api/tags?q=${word}`)).length).toBe(1);
  });

  it('fits every list on the phone’s width', async () => {
    const page = t.page;
    await page.setViewportSize(PHONE);
    await t.signIn('superadmin', '/');
    const seen: Record<string, { scrollWidth: number; offenders: string[] }> = {};
    for (const { name, list } of resources.filter((resource) => resource.list)) {
      await t.goto(`/${name}`);
      if (list && 'screens' in list) {
        // A generic list, once loaded: its lines or its empty page, then its toolbar (the widest part).
        const root = page.locator(`.list-page[data-resource="${name}"]`);
        await root.locator('[data-testid="phone-line"], .RaList-noResults, .RaListNoResults-root').first().waitFor();
        // A list with no record yet shows its empty page, without a toolbar.
        if ((await root.locator('.RaList-noResults').count()) === 0)
          await root.getByRole('button', { name: 'Exporter', exact: true }).waitFor();
      } else {
        // Its own screen, loaded afresh (nothing of the last list left): the folders' tree; the answers to
        // review, once its request is answered.
        await page.reload();
        await page.locator('[role="tree"], .RaList-main .RaList-content').first().waitFor();
        await page
          .locator('.RaList-content .MuiLinearProgress-root, .RaSimpleList-root .MuiSkeleton-root')
          .first()
          .waitFor({ state: 'detached' });
      }
      seen[name] = await overflow(page);
    }
    const wide = Object.entries(seen).filter(([, { scrollWidth }]) => scrollWidth > PHONE.width);
    expect(wide).toEqual([]);
  }, 180_000);
});
