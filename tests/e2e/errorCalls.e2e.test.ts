import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { startApp, type App } from './harness.ts';

/**
 * "Appels en erreur": a call that failed in Antoine Durand's (admin@demo.fr) browser is reported by the
 * back-office itself and listed once per failure, with its route's template, its structure, its person and
 * how many times; at 1280 px and at 390 px, axe on each.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

describe('Appels en erreur', () => {
  it('lists a failure of the admin’s screen with its route, structure, person and count', async () => {
    const { page } = t;
    // The server fails the skills' list twice: the back-office reports each failure on its own.
    let failures = 0;
    await page.route('**/api/skills?*', (route) => {
      failures++;
      return route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ status: 503, detail: 'Service Unavailable' }),
      });
    });
    await t.signIn('admin', '/skills');
    await expect.poll(() => failures).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => failures).toBeGreaterThan(1);
    await page.unroute('**/api/skills?*');
    const reported = () =>
      t
        .api<{ route: string; occurrences: number }[]>('/api/error-calls?status=503')
        .then((rows) => rows.find((row) => row.route === '/api/skills')?.occurrences ?? 0);
    await expect.poll(reported).toBe(failures);

    await t.signIn('superadmin', '/error-calls?filter=%7B%22status%22%3A503%7D');
    const row = page.locator('tbody tr', { hasText: '/api/skills' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Académie Démo');
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Antoine Durand');
    expect(text).toContain('GET');
    expect(text).toContain(String(failures));
    // The date of the last time is there, in French.
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    await expectNoSeriousViolation(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const line = page.getByText('/api/skills').first();
    await line.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolation(page);
  });
});
