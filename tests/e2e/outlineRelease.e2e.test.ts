import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';
import { outlineSettled, outlineRow, unfold } from './outlinePage.ts';

/**
 * Release dates in the outline: a chapter scheduled from its row's menu shows "Programmé" and its date in French
 * on the structure's clock (Europe/Paris), two chapters checked are scheduled in one bulk request, and clearing
 * the date releases a chapter at once. axe, and a phone's width.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const row = outlineRow;

describe('release dates in the outline', () => {
  it('schedules a chapter from its menu, two more in one request, and releases one again; axe, 390 px', async () => {
    const { page } = t;
    const post = <T>(path: string, body: unknown) => t.api<T>(path, { method: 'POST', body, as: 'admin' });
    const course = await post<{ id: number }>('/api/courses', { title: `Calendrier ${stamp()}` });
    const module = await post<{ id: number }>('/api/modules', { title: 'Alpha', course: `/api/courses/${course.id}` });
    const chapters: Record<string, number> = {};
    for (const title of ['A1', 'A2', 'A3'])
      chapters[title] = (
        await post<{ id: number }>('/api/chapters', { title, module: `/api/modules/${module.id}` })
      ).id;
    const releaseOf = async (title: string) =>
      (await t.api<{ releaseAt: string | null }>(`/api/chapters/${chapters[title]}`, { as: 'admin' })).releaseAt;

    await t.signIn('admin', `/courses/${course.id}/outline`);
    await outlineSettled(page);
    await unfold(page, 'Alpha');

    // One chapter, from its row's menu: 3 December 2030, 09:00 in Paris (UTC+1 in winter).
    await row(page, `chapter:${chapters.A1}`).getByRole('button', { name: 'Actions sur « A1 »' }).click();
    await page.getByRole('menuitem', { name: 'Programmer…' }).click();
    const single = page.getByRole('dialog', { name: 'Programmer « A1 »' });
    await single.waitFor();
    await single.getByText('Heure de Europe/Paris').waitFor();
    await single.getByLabel('Date de publication').fill('2030-12-03T09:00');
    await expectNoSeriousViolation(page);
    const saved = page.waitForResponse(
      (response) => response.url().endsWith(`/api/chapters/${chapters.A1}`) && response.request().method() === 'PUT',
    );
    await single.getByRole('button', { name: 'Programmer', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await single.waitFor({ state: 'detached' });
    const a1 = row(page, `chapter:${chapters.A1}`);
    await a1.getByText('Programmé', { exact: true }).waitFor();
    await a1.getByText('le 3 décembre 2030 à 09:00').waitFor();
    expect(new Date((await releaseOf('A1')) as string).toISOString()).toBe('2030-12-03T08:00:00.000Z');

    // Two chapters checked, one request: 1 July 2031, 10:30 in Paris (UTC+2 in summer).
    const bulkCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/chapters\/bulk$/.test(request.url())) bulkCalls.push(request.postData() ?? '');
    });
    await page.getByRole('checkbox', { name: /^Sélectionner « A2 »/ }).check();
    await page.getByRole('checkbox', { name: /^Sélectionner « A3 »/ }).check();
    const toolbar = page.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await toolbar.getByText('2 chapitres sélectionnés').waitFor();
    await toolbar.getByRole('button', { name: 'Programmer…' }).click();
    const bulk = page.getByRole('dialog', { name: 'Programmer 2 éléments' });
    await bulk.waitFor();
    await bulk.getByLabel('Date de publication').fill('2031-07-01T10:30');
    await bulk.getByRole('button', { name: 'Programmer', exact: true }).click();
    await page.getByText('2 éléments programmés').waitFor();
    for (const title of ['A2', 'A3']) {
      const scheduled = row(page, `chapter:${chapters[title]}`);
      await scheduled.getByText('Programmé', { exact: true }).waitFor();
      await scheduled.getByText('le 1er juillet 2031 à 10:30').waitFor();
      expect(new Date((await releaseOf(title)) as string).toISOString()).toBe('2031-07-01T08:30:00.000Z');
    }
    expect(bulkCalls.map((body) => JSON.parse(body))).toEqual([
      { action: 'release', ids: [chapters.A2, chapters.A3], releaseAt: '2031-07-01T08:30:00.000Z' },
    ]);
    await expectNoSeriousViolation(page);

    // "Publier dès maintenant" clears the date: the chapter is released, its mark gone.
    await a1.getByRole('button', { name: 'Actions sur « A1 »' }).click();
    await page.getByRole('menuitem', { name: 'Programmer…' }).click();
    const again = page.getByRole('dialog', { name: 'Programmer « A1 »' });
    await expect.poll(() => again.getByLabel('Date de publication').inputValue()).toBe('2030-12-03T09:00');
    await again.getByRole('button', { name: 'Publier dès maintenant' }).click();
    await again.waitFor({ state: 'detached' });
    await expect.poll(() => a1.getByText('Programmé', { exact: true }).count()).toBe(0);
    expect(await releaseOf('A1')).toBeNull();

    // On a phone: the marks stay, the rows fit, axe still clean.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await outlineSettled(page);
    await unfold(page, 'Alpha');
    await row(page, `chapter:${chapters.A3}`).getByText('Programmé', { exact: true }).waitFor();
    await expect.poll(() => page.getByText('Programmé', { exact: true }).count()).toBe(2);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolation(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 150_000);
});
