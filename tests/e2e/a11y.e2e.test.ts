import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { startApp, type App } from './harness.ts';

/**
 * Accessibility: axe-core, injected in the page, finds no serious or critical violation on
 * the login page, a list (with and without a selected row) and an edit form. axe runs its default rules
 * (WCAG 2 A/AA and best practices), none excluded, on the whole document, the menu included.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

describe('axe-core finds no serious or critical violation', () => {
  it('on the login page', async () => {
    await t.goto('/login');
    await t.page.getByRole('button', { name: 'Connexion' }).waitFor();
    await expectNoSeriousViolation(t.page);
  });

  // Only the super admin may delete courses: the rows show their checkboxes to no one else.
  it('on a list', async () => {
    await t.signIn('superadmin', '/courses');
    await t.page.locator('tbody tr').first().waitFor();
    await expectNoSeriousViolation(t.page);
    // The page's title, in the app bar, is its one top-level heading (axe's page-has-heading-one).
    await expect.poll(() => t.page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Formations']);
  });

  it('on a list with a selected row (bulk actions shown)', async () => {
    const page = t.page;
    await t.signIn('superadmin', '/courses');
    await page.locator('tbody tr').first().waitFor();
    // By their names, which the row checkboxes' inputs owe to the theme (react-admin sets them on a wrapper).
    await page.getByRole('checkbox', { name: 'Tout sélectionner' }).waitFor();
    await page.getByRole('checkbox', { name: 'Sélectionner cette ligne' }).first().check();
    await page.getByText('1 sélectionné').waitFor();
    await page.getByRole('button', { name: 'Supprimer' }).waitFor();
    await expectNoSeriousViolation(page);
  });

  it('on an edit form', async () => {
    const page = t.page;
    const [course] = await t.api<{ id: number; title: string }[]>('/api/courses?itemsPerPage=1');
    await t.signIn('superadmin', `/courses/${course.id}`);
    await expect.poll(() => page.locator('input[name="title"]').inputValue()).toBe(course.title);
    await page.getByRole('button', { name: 'Supprimer' }).waitFor();
    await expectNoSeriousViolation(page);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).allTextContents())
      .toEqual([`Formation ${course.title}`]);
  });
});
