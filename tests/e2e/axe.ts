import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * axe-core in the page: no serious or critical violation. Its default rules (WCAG 2 A/AA and best
 * practices), none excluded, on the whole document. Shared by the browser tests of every screen.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One violation as a reader needs it to fix it: the rule, why, and where (selector and HTML of each node). */
function describeViolation(violation: Result): string {
  // A list repeats the same fault on every row: the first few nodes tell where it is.
  const shown = violation.nodes.slice(0, 5);
  const nodes = shown.map((node) => {
    // Some rules fault a container for what it holds (aria-required-children): the held nodes are the news.
    const related = [...node.any, ...node.all, ...node.none].flatMap((check) => check.relatedNodes ?? []);
    const relatedLines = related.map(
      (relatedNode) => `\n      related: ${relatedNode.target.join(' ')}  ${relatedNode.html}`,
    );
    return `    ${node.target.join(' ')}\n      ${node.html}\n      ${node.failureSummary?.replace(/\n\s*/g, ' ') ?? ''}${relatedLines.join('')}`;
  });
  const more = violation.nodes.length > shown.length ? [`    … and ${violation.nodes.length - shown.length} more`] : [];
  return [`${violation.id} (${violation.impact}): ${violation.help}`, `  ${violation.helpUrl}`, ...nodes, ...more].join(
    '\n',
  );
}

/** Runs axe on the page once nothing moves; answers its serious findings, and whether something moved meanwhile. */
async function seriousViolations(page: Page): Promise<{ serious: Result[]; moved: boolean }> {
  // Contrast is measured on what is painted: a toolbar sliding in or a ripple fading would skew it.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  // A page's own navigation drops the script: inject it whenever it is missing.
  // Evaluated by the driver, not added as a <script> tag: the page's CSP (script-src 'self') refuses inline
  // scripts, rightly.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axeSource}\n;undefined`);
  const { results, moved } = await page.evaluate(async () => {
    // A transition that starts during the run (a snackbar fading out after its delay) is counted.
    let started = 0;
    const count = () => void (started += 1);
    document.addEventListener('transitionstart', count, true);
    document.addEventListener('animationstart', count, true);
    try {
      const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } };
      return { results: await axe.run(document, { resultTypes: ['violations'] }), moved: started > 0 };
    } finally {
      document.removeEventListener('transitionstart', count, true);
      document.removeEventListener('animationstart', count, true);
    }
  });
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  return { serious, moved };
}

export async function expectNoSeriousViolation(page: Page): Promise<void> {
  const first = await seriousViolations(page);
  // What axe measured while something faded or slid is not what the page shows: measured again once still.
  const serious = first.serious.length > 0 && first.moved ? (await seriousViolations(page)).serious : first.serious;
  expect(
    serious.map((violation) => violation.id),
    `axe found on ${page.url()}:\n${serious.map(describeViolation).join('\n')}`,
  ).toEqual([]);
}
