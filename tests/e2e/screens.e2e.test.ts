import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stamp, startApp, type App } from './harness.ts';

/**
 * The standard screens of every resource an admin edits by hand, in a browser: the list sorted
 * through the API, a record opened in the side panel, an edit that is kept, a create, and a bad input shown
 * in French next to its field with what was typed kept. The resources only read (sign-ins, error calls,
 * imports...) are walked by rights.e2e.test.ts, list and side panel, for each role; folders, a tree, by
 * library.e2e.test.ts.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

interface Walk {
  resource: string;
  /** A sortable column (its source). */
  sortBy: string;
  /** A text field to change on the edit screen, and the required text fields of a create. */
  edit?: string;
  create?: Record<string, string>;
}

const WALKS: Walk[] = [
  { resource: 'users', sortBy: 'email', edit: 'phone' },
  { resource: 'access-rights', sortBy: 'code', edit: 'label', create: { code: 'code', label: 'label' } },
  { resource: 'tickets', sortBy: 'subject', edit: 'subject' },
  {
    resource: 'canned-replies',
    sortBy: 'title',
    edit: 'title',
    create: { title: 'title', shortcut: 'shortcut', body: 'body' },
  },
  { resource: 'notes-bo', sortBy: 'createdAt', edit: 'content' },
  { resource: 'notification-templates', sortBy: 'code', edit: 'name' },
  { resource: 'languages', sortBy: 'name', edit: 'name', create: { code: 'code', name: 'name' } },
  { resource: 'system-configurations', sortBy: 'key', edit: 'value', create: { key: 'key' } },
  { resource: 'courses', sortBy: 'title', edit: 'title', create: { title: 'title' } },
  { resource: 'modules', sortBy: 'title', edit: 'title' },
  { resource: 'chapters', sortBy: 'title', edit: 'title' },
  { resource: 'chapter-parts', sortBy: 'position', edit: 'title' },
  { resource: 'comments', sortBy: 'createdAt', edit: 'body' },
  { resource: 'tags', sortBy: 'name', edit: 'name', create: { name: 'name' } },
  { resource: 'skills', sortBy: 'name', edit: 'name', create: { name: 'name' } },
  { resource: 'documents', sortBy: 'name', edit: 'name' },
  { resource: 'sheets', sortBy: 'title', edit: 'title', create: { title: 'title' } },
];

// The list's rows: a record in the side panel may hold tables of its own (a user's sign-ins).
const rows = () =>
  t.page.locator(
    '.RaDataTable-tbody tr:not([data-testid="side-panel"] tr), tbody tr:not([data-testid="side-panel"] tr)',
  );

describe('every resource, the standard way (super admin)', () => {
  it.each(WALKS)('$resource', async ({ resource, sortBy, edit, create }) => {
    const page = t.page;
    await t.signIn('superadmin', `/${resource}`);
    await rows().first().waitFor();

    // Sorted by the API.
    const header = page.locator(`th.column-${sortBy} [role="button"]`).first();
    const sorted = page.waitForRequest((request) => request.url().includes(`order%5B${sortBy}%5D=`));
    await header.click();
    // A click that lands while the list re-renders its header (its first answer arriving on a loaded
    // machine) can be lost; the user would click again, and so does the walk, once.
    const noAnswer = new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000));
    if (!(await Promise.race([sorted.then(() => true), noAnswer]))) await header.click();
    await sorted;
    await rows().first().waitFor();
    // The header's "sort by" tooltip stays under the pointer and may cover the first row.
    await page.mouse.move(0, 0);
    // Two may be fading out at once (the header the click left and the one it crossed).
    await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);

    // A record in the side panel, remembered in its history.
    await rows().first().click();
    const panel = page.getByRole('complementary');
    // A record's fields, or for a ticket its own panel (thread, reply, close), for a user their page.
    await panel
      .locator(
        '.RaSimpleShowLayout-stack, .RaSimpleShowLayout-root, [data-testid="ticket-panel"], [data-testid="user-page"]',
      )
      .first()
      .waitFor();
    await expect
      .poll(async () => (await panel.locator('#side-panel-title').innerText()).replace('…', '').trim().length)
      .toBeGreaterThan(0);
    const history = await page.evaluate(
      () => Object.entries(localStorage).find(([key]) => key.endsWith('.sideBlockHistory'))?.[1],
    );
    expect(JSON.parse(history ?? '[]').at(-1)).toMatchObject({ resource });

    if (edit) {
      await panel.getByRole('link', { name: /Modifier|Éditer|side_panel.edit/i }).click();
      const input = page.locator(`[name="${edit}"]`).first();
      await input.waitFor();
      const editRoute = new URL(page.url()).hash.slice(1);
      const value = `Modifié ${stamp()}`;
      await input.fill(value);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText('Modification effectuée').first().waitFor();
      await page.waitForURL((url) => !url.hash.startsWith(`#${editRoute}`));
      // Kept: read back on the record's edit screen after a reload.
      await page.reload();
      await t.goto(editRoute);
      await expect.poll(() => page.locator(`[name="${edit}"]`).first().inputValue(), { timeout: 10_000 }).toBe(value);
    }

    if (create) {
      await t.goto(`/${resource}/create`);
      for (const source of Object.keys(create))
        await page.locator(`[name="${source}"]`).fill(`n${stamp()}`.slice(0, 10));
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText('Ajout effectué').first().waitFor();
    }
  });
});

describe('bad input', () => {
  it('shows a required field in French before sending, and a server violation next to its field, keeping the input', async () => {
    const page = t.page;
    await t.signIn('superadmin', '/tags/create');
    // Typed, then erased: the form is touched and the required rule speaks before anything is sent.
    await page.locator('[name="name"]').fill('x');
    await page.locator('[name="name"]').fill('');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Ce champ est requis').waitFor();

    // A name the catalogue already has (a super admin in every structure writes the catalogue's tags):
    // refused by the server (unique), shown under the input, the input kept.
    const tags = await t.api<{ name: string; company: unknown }[]>('/api/tags?itemsPerPage=500');
    const taken = tags.find((tag) => tag.company === null) as { name: string };
    await page.locator('[name="name"]').fill(taken.name);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Cette valeur est déjà utilisée.').waitFor();
    expect(await page.locator('[name="name"]').inputValue()).toBe(taken.name);
    expect(page.url()).toMatch(/#\/tags\/create/);
  });
});

describe('a contributor', () => {
  it('reads content but is not offered what the server would refuse', async () => {
    const page = t.page;
    await t.signIn('contributeur', '/languages');
    await rows().first().waitFor();
    // Languages: readable and writable by contributors; error calls and imports are not in their menu.
    const menu = page.locator('.RaMenu-open, .RaSidebar-fixed').first();
    expect(await menu.getByRole('menuitem', { name: 'Appels en erreur' }).count()).toBe(0);
    expect(await menu.getByRole('menuitem', { name: 'Imports XMind' }).count()).toBe(0);
    await t.goto('/countries');
    await rows().first().waitFor();
    expect(await page.getByRole('link', { name: 'Créer' }).count()).toBe(0);
  });
});
