/**
 * `npm run bench:lighthouse`: Lighthouse 12 (its Node API, over Debian's Chromium driven by puppeteer-core)
 * on the back-office's sign-in page, its home page, a list (`#/users`) and a course's outline, signed in as
 * a structure's admin, and on bench/baseline (the smallest react-admin app showing one list) for
 * comparison; the mobile preset (Lighthouse's default: a mid-range phone, simulated slow 4G and 4x CPU
 * slowdown) and the desktop one. Each page BENCH_RUNS (3) times a preset; prints the run of median
 * performance score with its FCP, LCP, TBT and CLS, the medians of the four category scores, and PASS/FAIL
 * against the targets of bench/README.md. Writes every figure to bench/results/lighthouse-<date>.json.
 *
 * Builds both apps into .tmp/bench-lighthouse/ and serves them from bench/app-load's server (the real app
 * factory on a seeded PGlite copy, the baseline at /baseline/). The session is put in sessionStorage before
 * the page's scripts run, as the app keeps it, from a real login made for each run.
 * Environment: BENCH_RUNS (3), BENCH_PAGES (comma-separated keys, all by default), BENCH_PRESETS (mobile,desktop).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { viteBuild } from '../app-load/build.ts';
import { BASELINE_PATH, READY_PREFIX, type ReadyInfo } from '../app-load/protocol.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { seededTemplate, sessionEntries, startBenchServer } from '../support/benchServer.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
} as const;
type Metric = keyof typeof METRICS;

/** The account the signed-in pages are opened with: a structure's admin, the back-office's everyday user. */
const ACCOUNT = 'admin@demo.fr';

interface Page {
  key: string;
  label: string;
  /** The address under the server's origin; `undefined` session: opened signed out. */
  path: (ids: { course: number }) => string;
  signedIn: boolean;
  baseline?: boolean;
}

const PAGES: Page[] = [
  { key: 'login', label: 'sign-in', path: () => '/#/login', signedIn: false },
  { key: 'home', label: 'home', path: () => '/#/', signedIn: true },
  { key: 'users', label: 'users list', path: () => '/#/users', signedIn: true },
  { key: 'outline', label: 'outline', path: ({ course }) => `/#/courses/${course}/outline`, signedIn: true },
  { key: 'baseline', label: 'baseline list', path: () => `${BASELINE_PATH}#/courses`, signedIn: true, baseline: true },
];

const PRESETS = {
  mobile: undefined,
  desktop: desktopConfig,
} as const;
type Preset = keyof typeof PRESETS;

/** What each page must reach, on each preset (the baseline is measured, not judged). */
const TARGETS: Record<Preset, Record<Category, number | undefined>> = {
  mobile: { performance: 80, accessibility: 100, 'best-practices': 100, seo: undefined },
  desktop: { performance: 95, accessibility: 100, 'best-practices': 100, seo: undefined },
};
const MAX_CLS = 0.05;

interface Run {
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  /** The audits that kept a category from 100, by id, for the report. */
  failing: string[];
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const workDir = join(root, '.tmp', 'bench-lighthouse');
const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
const cleanups: (() => Promise<void> | void)[] = [];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

async function runOnce(browser: Browser, url: string, session: [string, string][] | undefined, preset: Preset) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (session)
      await page.evaluateOnNewDocument((entries: [string, string][]) => {
        // about:blank, which Lighthouse opens first, has no storage of its own.
        try {
          for (const [key, value] of entries) sessionStorage.setItem(key, value);
        } catch {
          /* not the app's page */
        }
      }, session);
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      PRESETS[preset],
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? NaN]),
    ) as Record<Metric, number>;
    const failing = CATEGORIES.filter((category) => category !== 'performance').flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}:${ref.id}`),
    );
    return { scores, metrics, failing } satisfies Run;
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;
const pad = (text: string | number, width: number) => String(text).padStart(width);

async function main() {
  const loadAverageAtStart = loadavg()[0];
  const pages = process.env.BENCH_PAGES
    ? PAGES.filter((page) => process.env.BENCH_PAGES!.split(',').includes(page.key))
    : PAGES;
  const presets = (process.env.BENCH_PRESETS?.split(',') ?? Object.keys(PRESETS)) as Preset[];
  console.log(
    `bench:lighthouse: ${pages.map((page) => page.label).join(', ')}; ${presets.join(' and ')}; ${RUNS} runs each (load average ${loadAverageAtStart.toFixed(1)})`,
  );
  delete process.env.VITE_API_URL;
  delete process.env.VITE_APP_NAME;
  const app = await viteBuild(join(root, 'vite.config.ts'), join(workDir, 'app'));
  const baseline = await viteBuild(join(root, 'bench', 'baseline', 'vite.config.ts'), join(workDir, 'baseline'));

  const dataDir = await mkdtemp(join(tmpdir(), 'lms-bench-lighthouse-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const template = seededTemplate(root);
  if (template) await cp(template, dataDir, { recursive: true });
  const { info } = await startBenchServer<ReadyInfo>(
    fileURLToPath(new URL('../app-load/server.ts', import.meta.url)),
    {
      cwd: root,
      env: { BENCH_DATA_DIR: dataDir, BENCH_APP_DIR: app.dir, BENCH_BASELINE_DIR: baseline.dir },
      readyPrefix: READY_PREFIX,
    },
    (stop) => cleanups.push(stop),
  );
  const baseUrl = `http://127.0.0.1:${info.port}`;

  // The course of the outline: the structure's latest, as a user's working course would be.
  const login = await fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ login: ACCOUNT, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const courses = await fetch(`${baseUrl}/api/courses?itemsPerPage=1&order[updatedAt]=desc`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/ld+json' },
  });
  const course = Number((await courses.json())['hydra:member']?.[0]?.id ?? 1);

  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
  });
  cleanups.push(() => browser.close());

  const results: Record<string, Record<string, Run[]>> = {};
  for (const preset of presets)
    for (const page of pages) {
      const url = `${baseUrl}${page.path({ course })}`;
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const session = page.signedIn ? await sessionEntries(baseUrl, ACCOUNT) : null;
        // Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART): that run is made again, twice at most.
        for (let attempt = 1; ; attempt++) {
          try {
            runs.push(await runOnce(browser, url, session ?? undefined, preset));
            break;
          } catch (error) {
            if (attempt >= 3) throw error;
            console.log(`  ${preset} ${page.label}: ${(error as Error).message}; again`);
          }
        }
      }
      (results[preset] ??= {})[page.key] = runs;
      const scores = runs.map((run) => run.scores.performance).join(' ');
      console.log(`  ${preset} ${page.label}: performance ${scores}`);
    }

  const checks: { preset: Preset; page: string; what: string; value: number; target: string; pass: boolean }[] = [];
  for (const preset of presets) {
    console.log(
      `\n${preset} (run of median performance; scores are medians)\n${'page'.padEnd(14)}${CATEGORIES.map((c) => pad(c.replace('best-practices', 'best pr.'), 13)).join('')}${Object.keys(
        METRICS,
      )
        .map((m) => pad(m, 10))
        .join('')}`,
    );
    const baselineTbt = results[preset]?.baseline
      ? median(results[preset].baseline.map((run) => run.metrics.TBT))
      : undefined;
    for (const page of pages) {
      const runs = results[preset][page.key];
      const byPerformance = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
      const typical = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [category, median(runs.map((run) => run.scores[category]))]),
      ) as Record<Category, number>;
      console.log(
        `${page.label.padEnd(14)}${CATEGORIES.map((c) => pad(scores[c], 13)).join('')}${pad(ms(typical.metrics.FCP), 10)}${pad(ms(typical.metrics.LCP), 10)}${pad(ms(typical.metrics.TBT), 10)}${pad(typical.metrics.CLS.toFixed(3), 10)}`,
      );
      const missed = [...new Set(runs.flatMap((run) => run.failing))];
      if (missed.length > 0) console.log(`${''.padEnd(14)}short of 100: ${missed.join(', ')}`);
      if (page.baseline) continue;
      for (const category of CATEGORIES) {
        const target = TARGETS[preset][category];
        if (target === undefined) continue;
        checks.push({
          preset,
          page: page.label,
          what: category,
          value: scores[category],
          target: `>= ${target}`,
          pass: scores[category] >= target,
        });
      }
      const cls = Math.max(...runs.map((run) => run.metrics.CLS));
      checks.push({
        preset,
        page: page.label,
        what: 'CLS (worst run)',
        value: cls,
        target: `<= ${MAX_CLS}`,
        pass: cls <= MAX_CLS,
      });
      if (baselineTbt !== undefined)
        checks.push({
          preset,
          page: page.label,
          what: 'TBT, ms',
          value: Math.round(typical.metrics.TBT),
          target: `<= baseline list's ${Math.round(baselineTbt)}`,
          pass: typical.metrics.TBT <= baselineTbt,
        });
    }
  }

  console.log('\nTargets:');
  for (const check of checks)
    console.log(
      `  ${check.pass ? 'PASS' : 'FAIL'}  ${check.preset} ${check.page}: ${check.what} = ${check.what.startsWith('CLS') ? check.value.toFixed(3) : check.value} (target ${check.target})`,
    );
  const loadAtEnd = loadavg()[0];
  if (Math.max(loadAverageAtStart, loadAtEnd) > 1.5)
    console.log(
      `\nWarning: the load average was ${loadAverageAtStart.toFixed(1)} at the start and ${loadAtEnd.toFixed(1)} at the end: ` +
        'Lighthouse simulates its throttling from what it observes, so a busy machine lowers the performance scores.',
    );

  const stamp = new Date().toISOString().replace(/:/g, '-').replace(/\..*/, '');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `lighthouse-${stamp}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version },
        loadAverage: { start: loadAverageAtStart, end: loadAtEnd },
        runs: RUNS,
        results,
        checks,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nFigures written to ${file}`);
  process.exitCode = checks.every((check) => check.pass) ? 0 : 1;
}

try {
  await main();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
