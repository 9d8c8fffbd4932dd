import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from './harness.ts';

/**
 * Accessibility (product issue): axe-core, injected in the page, finds no serious or critical violation on
 * the login page, a list (with and without a selected row) and an edit form. axe runs its default rules
 * (WCAG 2 A/AA and best practices), none excluded, on the whole document, the menu included.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

/** One violation as a reader needs it to fix it: the rule, why, and where (selector and HTML of each node). */
function describeViolation(violation: Result): string {
  // A list repeats the same fault on every row: the first few nodes tell where it is.
  const shown = violation.nodes.slice(0, 5);
  const nodes = shown.map((node) => {
    // Some rules fault a container for what it holds (aria-required-children): the held nodes are the news.
    const related = [...node.any, ...node.all, ...node.none].flatMap((check) => check.relatedNodes ?? []);
    const relatedLines = related.map((relatedNode) => `\n      related: ${relatedNode.target.join(' ')}  ${relatedNode.html}`);
    return `    ${node.target.join(' ')}\n      ${node.html}\n      ${node.failureSummary?.replace(/\n\s*/g, ' ') ?? ''}${relatedLines.join('')}`;
  });
  const more = violation.nodes.length > shown.length ? [`    … and ${violation.nodes.length - shown.length} more`] : [];
  return [`${violation.id} (${violation.impact}): ${violation.help}`, `  ${violation.helpUrl}`, ...nodes, ...more].join('\n');
}

async function expectNoSeriousViolation(page: Page): Promise<void> {
  // Contrast is measured on what is painted: a toolbar sliding in or a ripple fading would skew it.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  // A page's own navigation drops the script: inject it whenever it is missing. Evaluated by the driver,
  // not added as a <script> tag: the page's CSP (script-src 'self') refuses inline scripts, rightly.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axeSource}\n;undefined`);
  const results = await page.evaluate(() => (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }));
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => violation.id), `axe found on ${page.url()}:\n${serious.map(describeViolation).join('\n')}`).toEqual([]);
}

describe('axe-core finds no serious or critical violation', () => {
  it('on the login page', async () => {
    await t.goto('/login');
    await t.page.getByRole('button', { name: 'Connexion' }).waitFor();
    await expectNoSeriousViolation(t.page);
  });

  // Only the super admin may delete courses: the rows show their checkboxes to no one else.
  it('on a list', async () => {
    await t.login('superadmin');
    await t.goto('/courses');
    await t.page.locator('tbody tr').first().waitFor();
    await expectNoSeriousViolation(t.page);
    // The page's title, in the app bar, is its one top-level heading (axe's page-has-heading-one).
    await expect.poll(() => t.page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Formations']);
  });

  it('on a list with a selected row (bulk actions shown)', async () => {
    const page = t.page;
    await t.login('superadmin');
    await t.goto('/courses');
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
    await t.login('superadmin');
    await t.goto(`/courses/${course.id}`);
    await expect.poll(() => page.locator('input[name="title"]').inputValue()).toBe(course.title);
    await page.getByRole('button', { name: 'Supprimer' }).waitFor();
    await expectNoSeriousViolation(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([`Formation ${course.title}`]);
  });
});
