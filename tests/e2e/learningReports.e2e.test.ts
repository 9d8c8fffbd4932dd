import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BOM, CSV_LINE_END, CSV_SEPARATOR } from '../../src/domain/csvExport.ts';
import type {
  CourseFunnel,
  LearningOverview,
  LearningReport,
  ReportSubscription,
} from '../../src/domain/learningReports.ts';
import { presetPeriod } from '../../src/custom/learningReports/reportPeriod.ts';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';
import { homeLoaded } from './home.ts';

/**
 * Following learning in a browser, as a structure's training manager (admin@demo.fr): a late learner on the
 * home page, leading to their course's late learners; « Suivi » with a chart's figures read in its table
 * (the same as the API's), its CSV and the whole report's; a course's funnel, from the Suivi table, whose
 * bar opens the course's learners; the weekly e-mail subscribed to. Axe on each screen, and a phone's width.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const widerThanScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);

/** A published course of one module and two chapters, in the admin's structure; answers its id. */
async function publishedCourse(title: string): Promise<number> {
  const course = await t.api<{ id: number }>('/api/courses', { as: 'admin', body: { title } });
  const module = await t.api<{ id: number }>('/api/modules', {
    as: 'admin',
    body: { title: 'Module 1', course: `/api/courses/${course.id}` },
  });
  for (const chapterTitle of ['Chapitre 1', 'Chapitre 2']) {
    const chapter = await t.api<{ id: number }>('/api/chapters', {
      as: 'admin',
      body: { title: chapterTitle, module: `/api/modules/${module.id}` },
    });
    await t.api('/api/chapter-parts', {
      as: 'admin',
      body: {
        chapter: `/api/chapters/${chapter.id}`,
        type: 'text_markdown',
        title: 'Lecture',
        content: { markdown: 'Texte' },
      },
    });
  }
  await t.api(`/api/courses/${course.id}/publish`, { method: 'PUT', as: 'admin', body: {} });
  return course.id;
}

describe('Suivi des formations', () => {
  it('shows a late learner on the home page, a link to their course’s late learners', async () => {
    const { page } = t;
    const title = `Échéance passée ${stamp()}`;
    const course = await publishedCourse(title);
    const [learner] = await t.api<{ id: number }[]>('/api/users?q=contributeur@demo.fr', { as: 'admin' });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await t.api('/api/participations', {
      as: 'admin',
      body: { user: `/api/users/${learner.id}`, course: `/api/courses/${course}`, dueAt: yesterday },
    });
    const overview = await t.api<LearningOverview>('/api/learning/overview', { as: 'admin' });
    expect(overview.late.count).toBeGreaterThanOrEqual(1);

    await t.signIn('admin');
    await homeLoaded(page);
    const late = region(page, 'Apprenants en retard');
    const figure = late.getByRole('link', { name: /Apprenants dont l’échéance est passée$/ });
    expect(Number((await figure.innerText()).match(/\d+/)?.[0])).toBe(overview.late.count);
    const first = overview.late.items[0];
    const line = late.getByRole('link', {
      name: `${first.learner.name}, ${first.course.title} : voir les apprenants de la formation`,
    });
    await line.waitFor();
    await region(page, 'Échéances de la semaine').waitFor();
    await expectNoSeriousViolation(page);

    await line.click();
    await page.waitForURL(new RegExp(`#/courses/${first.course.id}/learners`));
    expect(hashOf(page)).toBe(`#/courses/${first.course.id}/learners?filter={"state":["late"]}`);
  });

  it('shows a supervisor the same cards about the learners they follow, after their own cards', async () => {
    const { page } = t;
    const own = await t.api<LearningOverview>('/api/learning/overview', { as: 'contributeur' });
    const everyone = await t.api<LearningOverview>('/api/learning/overview', { as: 'admin' });
    // The demo's contributor follows some of the academy's learners, one of them late: not all of them.
    expect(own.late.count).toBeGreaterThanOrEqual(1);
    expect(own.late.count).toBeLessThan(everyone.late.count);
    await t.signIn('contributeur');
    await homeLoaded(page);
    const late = region(page, 'Apprenants en retard');
    const figure = late
      .getByText('Apprenants dont l’échéance est passée')
      .filter({ visible: true })
      .locator('xpath=..');
    expect(Number((await figure.innerText()).match(/\d+/)?.[0])).toBe(own.late.count);
    const names = await late.locator('li a:visible').allInnerTexts();
    expect(names).toEqual(own.late.items.map((item) => item.learner.name));
    await expectNoSeriousViolation(page);
  });

  it('reads a chart’s figures in its table and exports them, then the whole report, at 390 px', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 844 });
    await t.signIn('admin');
    // From the menu, as a manager would.
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('menuitem', { name: 'Suivi' }).click();
    await page.waitForURL(/#\/learning/);
    const completion = region(page, 'Taux de complétion par formation');
    await completion.or(page.getByTestId('report-empty')).first().waitFor();
    // The page's figures are the API's for the same period (the page opens on the last 30 days).
    const { from, to } = presetPeriod('last_30_days', new Date());
    const report = await t.api<LearningReport>(`/api/learning/report?from=${from}&to=${to}`, { as: 'admin' });
    expect(report.courses.length).toBeGreaterThan(0);
    await page
      .getByTestId('refreshed-at')
      .getByText(/^Données actualisées (à|le) /)
      .waitFor();
    const totals = page.getByRole('list', { name: 'Chiffres de la période' });
    expect(await totals.getByRole('link', { name: /Inscrits$/ }).innerText()).toMatch(
      new RegExp(`^${report.totals.enrolled}\\b`),
    );

    await completion.getByRole('button', { name: 'Voir les données' }).click();
    const table = completion.getByRole('table', { name: 'Taux de complétion par formation' });
    await table.waitFor();
    expect(await table.locator('thead th').allInnerTexts()).toEqual([
      'Formation',
      'Inscrits',
      'Ont terminé',
      'Taux de complétion',
      'Entonnoir',
    ]);
    expect(await table.locator('tbody th').allInnerTexts()).toEqual(report.courses.map((row) => row.course.title));
    const firstRow = table.locator('tbody tr').first();
    expect(await firstRow.locator('td').first().innerText()).toBe(String(report.courses[0].enrolled));
    expect(await widerThanScreen(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolation(page);

    // The chart's CSV: its table, French headings.
    const chartDownload = page.waitForEvent('download');
    await completion.getByRole('button', { name: 'Exporter en CSV : Taux de complétion par formation' }).click();
    const chartCsv = await readFile((await (await chartDownload).path())!, 'utf8');
    expect(chartCsv.startsWith(CSV_BOM)).toBe(true);
    const [chartHeader, ...chartLines] = chartCsv.slice(CSV_BOM.length).split(CSV_LINE_END).filter(Boolean);
    expect(chartHeader.split(CSV_SEPARATOR)).toEqual([
      'Formation',
      'Inscrits',
      'Ont terminé',
      'Taux de complétion',
      'Entonnoir',
    ]);
    expect(chartLines).toHaveLength(report.courses.length);

    // The whole report, as the server writes it for the same period.
    const reportDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter les chiffres' }).click();
    const file = await reportDownload;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile((await file.path())!, 'utf8');
    expect(text.startsWith(CSV_BOM)).toBe(true);
    // French headings, never the API's names.
    const header = text.slice(CSV_BOM.length).split(CSV_LINE_END)[0].split(CSV_SEPARATOR);
    expect(header).toContain('Inscrits');
    expect(header).toContain('En retard');
    expect(header.filter((name) => /^(enrolled|completed|late|atRisk|completionRate)$/.test(name))).toEqual([]);
  });

  it('opens a course’s funnel from the Suivi table and follows a bar to its learners, at 390 px', async () => {
    const { page } = t;
    const { from, to } = presetPeriod('last_30_days', new Date());
    const report = await t.api<LearningReport>(`/api/learning/report?from=${from}&to=${to}`, { as: 'admin' });
    // A course whose learners reached a chapter: its funnel has bars.
    let chosen: CourseFunnel | undefined;
    for (const row of [...report.courses].sort((a, b) => b.started - a.started)) {
      const funnel = await t.api<CourseFunnel>(`/api/learning/courses/${row.course.id}/funnel`, { as: 'admin' });
      if (funnel.steps.some((step) => step.reached > 0)) {
        chosen = funnel;
        break;
      }
    }
    expect(chosen, 'a course of the demo data with learners in its chapters').toBeDefined();
    const funnel = chosen!;

    await page.setViewportSize({ width: 390, height: 844 });
    await t.signIn('admin', `/learning?from=${from}&to=${to}`);
    const completion = region(page, 'Taux de complétion par formation');
    await completion.getByRole('button', { name: 'Voir les données' }).click();
    await completion.getByRole('link', { name: `Ouvrir l’entonnoir de « ${funnel.course.title} »` }).click();
    await page.waitForURL(new RegExp(`#/courses/${funnel.course.id}/funnel$`));

    const chart = region(page, `Apprenants par chapitre : ${funnel.course.title}`);
    await chart.getByRole('button', { name: 'Voir les données' }).click();
    const table = chart.getByRole('table');
    const steps = [...funnel.steps].sort((a, b) => a.place - b.place);
    expect(await table.locator('tbody th').allInnerTexts()).toEqual(
      steps.map((step) => `${step.place}. ${step.chapter.title}`),
    );
    expect(await table.locator('tbody tr').first().locator('td').nth(1).innerText()).toBe(String(steps[0].reached));
    await expectNoSeriousViolation(page);
    // On a phone the chart and its table stay within the screen (the table scrolls in its own box).
    expect(await widerThanScreen(page)).toBeLessThanOrEqual(0);

    // A bar of the chart opens the course's learners.
    await chart.locator('.MuiBarChart-element').first().click();
    await page.waitForURL(new RegExp(`#/courses/${funnel.course.id}/learners$`));
  });

  it('follows a week’s enrolments to the learners enrolled that week, then lifts the filter', async () => {
    const { page } = t;
    const { from, to } = presetPeriod('last_30_days', new Date());
    const report = await t.api<LearningReport>(`/api/learning/report?from=${from}&to=${to}`, { as: 'admin' });
    const week = [...report.timeline].sort((a, b) => b.enrolled - a.enrolled)[0];
    expect(week?.enrolled, 'a week of the demo data with enrolments').toBeGreaterThan(0);

    await t.signIn('admin', `/learning?from=${from}&to=${to}`);
    const timeline = region(page, 'Inscriptions et formations terminées par semaine');
    await timeline.getByRole('button', { name: 'Voir les données' }).click();
    const monday = new Intl.DateTimeFormat('fr', { day: 'numeric', month: 'short' }).format(
      new Date(`${week.week}T12:00:00`),
    );
    const row = timeline.getByRole('row', { name: new RegExp(`^Semaine du ${monday.replace('.', '\\.')}`) });
    await row.getByRole('link').first().click();
    await page.waitForURL(/#\/participations\?/);

    // The list says what narrowed it: the week's first and last day, on the enrolment date.
    const since = page.getByLabel('Inscrit le : du');
    await expect.poll(() => since.inputValue()).toBe(week.week);
    const sunday = new Date(`${week.week}T00:00:00Z`);
    sunday.setUTCDate(sunday.getUTCDate() + 6);
    expect(await page.getByLabel('Inscrit le : au').inputValue()).toBe(sunday.toISOString().slice(0, 10));
    // As many learners as the week's column counted.
    const rows = page.locator('.RaDataTable-root tbody tr');
    await expect.poll(() => rows.count()).toBe(Math.min(week.enrolled, 25));
    await expectNoSeriousViolation(page);

    // The period is lifted with a filter's button: the list widens.
    await page
      .locator('[data-source]')
      .filter({ has: page.getByLabel('Inscrit le : du') })
      .getByRole('button', { name: 'Supprimer ce filtre' })
      .click();
    const until = page.locator('[data-source]').filter({ has: page.getByLabel('Inscrit le : au') });
    if (await until.count()) await until.getByRole('button', { name: 'Supprimer ce filtre' }).click();
    const all = await t.api<unknown[]>('/api/participations?itemsPerPage=500', { as: 'admin' });
    expect(all.length).toBeGreaterThan(week.enrolled);
    await expect.poll(() => rows.count()).toBe(Math.min(all.length, 25));
  });

  it('subscribes to the weekly report, and says so', async () => {
    const { page } = t;
    await t.signIn('admin', '/learning');
    const toggle = page.getByRole('switch', { name: 'Recevoir ces chiffres chaque semaine par e-mail' });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    const before = await t.api<ReportSubscription>('/api/learning/report-subscription', { as: 'admin' });
    expect(await toggle.isChecked()).toBe(before.subscribed);
    if (before.subscribed) {
      await toggle.click();
      await page.getByText('Vous ne recevrez plus ces chiffres par e-mail.').waitFor();
    }
    await toggle.click();
    await page.getByText('Vous recevrez ces chiffres chaque semaine par e-mail.').waitFor();
    await page.getByText(/^Abonné : /).waitFor();
    expect(await toggle.isChecked()).toBe(true);
    const after = await t.api<ReportSubscription>('/api/learning/report-subscription', { as: 'admin' });
    expect(after).toMatchObject({ subscribed: true, frequency: 'weekly' });
    await expectNoSeriousViolation(page);
  });
});
