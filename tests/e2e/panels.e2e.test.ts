import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stamp, startApp, type App } from './harness.ts';

/**
 * The shell's panels in a browser: react-admin's notifications as stacked snackbars that leave
 * on time or on a click, with undo kept working; and the side panel, its history in localStorage across
 * records and route changes, close, clear and logout.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

// Lists search with a debounce and a request: more than expect.poll's default second on a busy machine.
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const snacks = () => t.page.locator('[data-snack-id]');
// The list's rows: a record in the side panel may hold tables of its own (a user's sign-ins).
const rows = () =>
  t.page.locator(
    '.RaDataTable-tbody tr:not([data-testid="side-panel"] tr), tbody tr:not([data-testid="side-panel"] tr)',
  );
const panel = () => t.page.getByRole('complementary');
const panelTitle = () => panel().locator('#side-panel-title');
/** Clicks a row on a plain cell (past the checkbox; some cells hold links, e.g. mailto). */
const openRow = (index = 0) => rows().nth(index).locator('td').nth(1).click();

interface Entry {
  resource: string;
  id: string | number;
}

/** The side-block history as localStorage holds it, or null when there is none. */
const storedHistory = () =>
  t.page.evaluate(() => {
    const entry = Object.entries(localStorage).find(([key]) => key.endsWith('.sideBlockHistory'));
    return entry ? (JSON.parse(entry[1]) as Entry[]) : null;
  });

async function search(text: string) {
  await t.page.getByPlaceholder('Rechercher').fill(text);
  await poll(() => rows().count()).toBe(1);
  await poll(() => rows().first().innerText()).toContain(text);
}

/** Selects the listed tag named `name` and deletes it with the list's bulk action (undoable). */
async function deleteTag(name: string) {
  const row = t.page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('checkbox').check();
  await t.page.getByRole('button', { name: 'Supprimer' }).click();
  await row.waitFor({ state: 'detached' });
}

describe('the stacked snackbars', () => {
  it('stack newest on top, offer to undo, and leave after 3 s and a fade, or at once on a click', async () => {
    const page = t.page;
    const prefix = `pile${stamp()}`;
    const [first, second, third] = ['a', 'b', 'c'].map((suffix) => `${prefix}${suffix}`);
    for (const name of [first, second, third]) await t.api('/api/tags', { method: 'POST', body: { name } });
    await t.signIn('superadmin', '/tags');
    await page.getByPlaceholder('Rechercher').fill(prefix);
    await poll(() => rows().count()).toBe(3);

    await deleteTag(first);
    await snacks().first().waitFor();
    const shownAt = Date.now();
    const olderId = await snacks().first().getAttribute('data-snack-id');
    const older = page.locator(`[data-snack-id="${olderId}"]`);
    await deleteTag(second);
    await poll(() => snacks().count()).toBe(2);
    const newerId = (
      await snacks().evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-snack-id')))
    ).find((id) => id !== olderId);
    const newer = page.locator(`[data-snack-id="${newerId}"]`);

    // Newest on top, both in French with their undo action, in the success colour, green.
    const [olderBox, newerBox] = [await older.boundingBox(), await newer.boundingBox()];
    expect(newerBox!.y).toBeLessThan(olderBox!.y);
    expect(await older.innerText()).toContain('Suppression effectuée');
    expect(await older.getAttribute('data-snack-type')).toBe('success');
    expect(await older.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(46, 125, 50)');

    // Undoing the newest puts its tag back and never deletes it; the oldest goes on.
    await newer.getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('row', { name: new RegExp(second) }).waitFor();
    await newer.waitFor({ state: 'detached', timeout: 2_000 });

    await sleep(shownAt + 2_500 - Date.now());
    expect(await older.isVisible()).toBe(true);
    await sleep(shownAt + 4_200 - Date.now());
    expect(await snacks().count()).toBe(0);

    // Its mutation was sent once the snack had gone: the first tag is deleted, the second kept.
    await poll(async () =>
      (await t.api<{ name: string }[]>(`/api/tags?q=${prefix}`)).map((tag) => tag.name).sort(),
    ).toEqual([second, third]);

    // A click dismisses at once (the fade only).
    await deleteTag(third);
    await snacks().first().waitFor();
    const clickedAt = Date.now();
    await snacks().first().click();
    await snacks().first().waitFor({ state: 'detached', timeout: 1_500 });
    expect(Date.now() - clickedAt).toBeLessThan(1_500);
  });
});

describe('the side panel', () => {
  it('opens records from a list, keeps a history across route changes, pops back on close, clears', async () => {
    const page = t.page;
    await t.signIn('superadmin', '/users');
    await rows().first().waitFor();
    expect(await storedHistory()).toBeNull();

    // Opening a user, then another: one entry of that type, replaced; the list stays where it was.
    await search('superadmin@demo.fr');
    await openRow();
    await poll(() => panelTitle().innerText()).toBe('Sophie Martin');
    expect(page.url()).toMatch(/#\/users(\?|$)/);
    await panel().getByRole('tab', { name: 'Infos', selected: true }).waitFor();
    await panel().getByText('superadmin@demo.fr').waitFor();
    const [sophie] = (await storedHistory())!;
    expect(sophie.resource).toBe('users');
    const edit = panel().getByRole('link', { name: 'Modifier' });
    expect(await edit.getAttribute('href')).toBe(`#/users/${encodeURIComponent(String(sophie.id))}`);

    await search('contributeur@demo.fr');
    await openRow();
    await poll(() => panelTitle().innerText()).toBe('Camille Bernard');
    const [camille] = (await storedHistory())!;
    expect(await storedHistory()).toEqual([{ resource: 'users', id: camille.id }]);
    expect(camille.id).not.toEqual(sophie.id);

    // A route change hides the panel and keeps the history.
    await t.goto('/tags');
    await rows().first().waitFor();
    await panel().waitFor({ state: 'hidden' });
    expect(await storedHistory()).toEqual([camille]);

    // An object of another type stacks on it.
    const tagName = (await rows().first().locator('td.column-name').innerText()).trim();
    await openRow();
    await poll(() => panelTitle().innerText()).toBe(tagName);
    const history = (await storedHistory())!;
    expect(history).toHaveLength(2);
    expect(history[0]).toEqual(camille);
    expect(history[1].resource).toBe('tags');

    // Closing pops back to the previous object, then to nothing (Escape closes too).
    await panel().getByRole('button', { name: 'Fermer le panneau' }).click();
    await poll(() => panelTitle().innerText()).toBe('Camille Bernard');
    expect(await storedHistory()).toEqual([camille]);
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'hidden' });
    expect(await storedHistory()).toBeNull();

    // Clear empties the whole history at once.
    await openRow();
    await t.goto('/users');
    await openRow();
    await poll(async () => (await storedHistory())?.length).toBe(2);
    await panel()
      .getByRole('button', { name: /Vider l.historique/ })
      .click();
    await panel().waitFor({ state: 'hidden' });
    expect(await storedHistory()).toBeNull();
  });

  it('is forgotten on logout', async () => {
    const page = t.page;
    await t.signIn('superadmin', '/users');
    await openRow();
    await poll(async () => (await storedHistory())?.length).toBe(1);
    await page.getByRole('button', { name: 'Profil' }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.waitForURL(/#\/login/);
    expect(await storedHistory()).toBeNull();
  });
});
