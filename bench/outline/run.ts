/**
 * `npm run bench:outline`: the outline editor on a large course. The server (server.ts, PGlite)
 * seeds a course of 30 modules × 20 chapters × 10 parts (6,000 parts); then, in headless Chromium, each of
 * BENCH_LOADS cold loads times navigation → the outline shown (all 30 module rows painted, from the one
 * `/outline` request), and the last one also unfolds a module and moves a chapter by keyboard (drop →
 * new order painted, drop → server answered). Last, BENCH_REORDERS reorders of chapters and of modules
 * from Node give the server's round trip p50/p99. BENCH_LOADS (5), BENCH_REORDERS (200), BENCH_APP_DIR;
 * `--postgresql` runs it on PostgreSQL. Beside each wall-clock figure, the page's main-thread CPU time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { appBuildIsStale, buildApp } from '../../server/build.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { openSession } from '../../src/providers/session.ts';
import { createSessionStore, type KeyValueStorage } from '../../src/providers/sessionStore.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';
import { pressDragKey } from '../../tests/support/keyboardDrag.ts';
import { findPostgresBin, startPostgresCluster } from '../../tests/support/postgresCluster.ts';
import { atExit, cleanUp } from '../support/cleanups.ts';
import { READY_PREFIX, SHAPE } from './protocol.ts';

const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const REORDERS = Number(process.env.BENCH_REORDERS ?? 200);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30_000);
// `-- --postgresql` (or BENCH_DATABASE=postgresql): the same run on a PostgreSQL cluster of its own.
const DATABASE =
  process.argv.includes('--postgresql') || process.env.BENCH_DATABASE === 'postgresql' ? 'PostgreSQL' : 'PGlite';
const TARGETS = { outlineShownP50Ms: 1000, reorderP99Ms: 150, dropPaintedMs: 100 };

const root = fileURLToPath(new URL('../../', import.meta.url));
const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
const serverScript = fileURLToPath(new URL('./server.ts', import.meta.url));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const round = (value: number) => Math.round(value * 10) / 10;
const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);

async function startServer(
  env: Record<string, string>,
): Promise<{ base: string; course: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  atExit(() => child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{ port: number; course: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The bench server exited (${code}) before it was ready.`)));
    lines.on('line', (line) => {
      if (line.startsWith(READY_PREFIX))
        resolve(JSON.parse(line.slice(READY_PREFIX.length)) as { port: number; course: number });
    });
  });
  return { base: `http://127.0.0.1:${ready.port}`, course: ready.course, child };
}

/** A real login, and the session entries the back-office's own session store writes from it. */
async function login(base: string): Promise<{ token: string; session: [string, string][] }> {
  const response = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ login: 'admin@demo.fr', password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Login answered ${response.status}`);
  const tokens = (await response.json()) as { token: string; refresh_token: string };
  const entries = new Map<string, string>();
  const storage: KeyValueStorage = {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
  openSession(
    tokens,
    createSessionStore(() => storage),
  );
  return { token: tokens.token, session: [...entries] };
}

/**
 * In the page before its code: the session, and the time of the frame that paints every module row. A
 * string, not a function: tsx would wrap inner functions in a helper the page does not have.
 */
const instrument = (session: [string, string][], modules: number) => `
  for (const [key, value] of ${JSON.stringify(session)}) sessionStorage.setItem(key, value);
  const observer = new MutationObserver(() => {
    if (window.__outlineShown !== undefined) return;
    if (document.querySelectorAll('[data-node^="module:"]').length < ${modules}) return;
    window.__outlineShown = -1;
    observer.disconnect();
    requestAnimationFrame(() => { window.__outlineShown = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true });
`;

const SHOWN = () => ((window as unknown as { __outlineShown?: number }).__outlineShown ?? -1) >= 0;

/**
 * The page's main thread's CPU time so far (Chromium's ThreadTime metric), in ms: on a loaded shared
 * machine the wall-clock figures measure the neighbours too; this one measures the page's own work.
 */
async function cpuMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
}

interface Load {
  shownMs: number;
  /** The main thread's CPU time from navigation to the outline shown. */
  shownCpuMs: number;
  outlineRequestMs: number;
  /** When the outline's answer had arrived, from navigation: what comes before is the app's own start. */
  outlineAnsweredAtMs: number;
  outlineBytes: number;
}

async function coldLoad(
  browser: Browser,
  url: string,
  session: [string, string][],
  keep: boolean,
): Promise<{ load: Load; page?: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
  await context.addInitScript({ content: instrument(session, SHAPE.modules) });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const cpuBefore = await cpuMs(cdp);
  await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
  await page.waitForFunction(SHOWN, undefined, { timeout: TIMEOUT_MS, polling: 20 });
  const shownCpuMs = (await cpuMs(cdp)) - cpuBefore;
  const figures = (await page.evaluate(`(() => {
    const entry = performance.getEntriesByType('resource').find((candidate) => /\\/outline$/.test(candidate.name));
    return { shown: window.__outlineShown, request: entry ? entry.responseEnd - entry.startTime : -1, requestEnd: entry ? entry.responseEnd : -1, bytes: entry ? entry.encodedBodySize : -1 };
  })()`)) as { shown: number; request: number; requestEnd: number; bytes: number };
  const load = {
    shownMs: figures.shown,
    shownCpuMs,
    outlineRequestMs: figures.request,
    outlineAnsweredAtMs: figures.requestEnd,
    outlineBytes: figures.bytes,
  };
  if (keep) return { load, page };
  await context.close();
  return { load };
}

/** The drop's key event as the page timed it. */
interface DropEvent {
  /** From the key's event to the next frame painted. */
  duration: number;
  /** The event's handlers: dnd-kit's drop, the tree's new order and React's render of it. */
  handler: number;
}

/** Unfolds the first module, then moves its first chapter one place down with the keyboard. */
async function interact(page: Page): Promise<{
  unfoldMs: number;
  unfoldCpuMs: number;
  dropPaintedMs: number;
  dropInPageMs: number;
  dropHandlerMs: number;
  dropCpuMs: number;
  dropAnsweredMs: number;
  driverMs: number;
}> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const firstModule = page.locator('[data-node^="module:"]').first();
  const unfoldCpu = await cpuMs(cdp);
  const unfoldStart = (await page.evaluate('performance.now()')) as number;
  await firstModule.getByRole('button', { name: /^Déplier/ }).click({ timeout: TIMEOUT_MS * 2 });
  // Functions, not strings: the app's CSP (no 'unsafe-eval') refuses a string predicate.
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-node^="chapter:"]').length >= count,
    SHAPE.chapters,
    { polling: 'raf', timeout: TIMEOUT_MS },
  );
  const unfoldMs = ((await page.evaluate('performance.now()')) as number) - unfoldStart;
  const unfoldCpuMs = (await cpuMs(cdp)) - unfoldCpu;

  const firstChapter = page.locator('[data-node^="chapter:"]').first();
  const key = await firstChapter.getAttribute('data-node');
  const handle = firstChapter.getByRole('button', { name: /^Déplacer le chapitre/ });
  await handle.focus();
  await pressDragKey(page, 'Space');
  await pressDragKey(page, 'ArrowDown');
  await page.waitForTimeout(200);
  const answered = page.waitForResponse((response) => /\/api\/chapters\/\d+\/reorder$/.test(response.url()));
  // The browser's own figure for the drop: the Space key's event to the next frame painted (Event Timing,
  // in 8 ms steps, reported from 16 ms on), without the driver's round trips that the wall clock counts.
  await page.evaluate(() => {
    const since = performance.now();
    (window as unknown as { __dropEvent?: Promise<DropEvent> }).__dropEvent = new Promise((resolve) => {
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[]) {
          if (entry.name !== 'keydown' || entry.startTime < since) continue;
          observer.disconnect();
          resolve({ duration: entry.duration, handler: entry.processingEnd - entry.processingStart });
        }
      });
      observer.observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    });
  });
  const dropCpu = await cpuMs(cdp);
  const dropStart = (await page.evaluate('performance.now()')) as number;
  await page.keyboard.press('Space');
  await page.waitForFunction(
    (before) => document.querySelector('[data-node^="chapter:"]')?.getAttribute('data-node') !== before,
    key,
    { polling: 'raf', timeout: TIMEOUT_MS },
  );
  const dropPaintedMs = ((await page.evaluate('performance.now()')) as number) - dropStart;
  const dropCpuMs = (await cpuMs(cdp)) - dropCpu;
  // No entry within a second: the drop was painted in less than the 16 ms Event Timing reports from.
  const dropEvent = await page.evaluate(() =>
    Promise.race([
      (window as unknown as { __dropEvent: Promise<DropEvent> }).__dropEvent,
      new Promise<DropEvent>((resolve) => setTimeout(() => resolve({ duration: 16, handler: Number.NaN }), 1000)),
    ]),
  );
  const response = await answered;
  if (!response.ok()) throw new Error(`The reorder answered ${response.status()}`);
  const dropAnsweredMs = ((await page.evaluate('performance.now()')) as number) - dropStart;
  // The same steps around a key that changes nothing: what the wall-clock figure owes to the driver.
  const idleStart = (await page.evaluate('performance.now()')) as number;
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => true, undefined, { polling: 'raf', timeout: TIMEOUT_MS });
  const driverMs = ((await page.evaluate('performance.now()')) as number) - idleStart;
  return {
    unfoldMs,
    unfoldCpuMs,
    dropPaintedMs,
    dropInPageMs: dropEvent.duration,
    dropHandlerMs: dropEvent.handler,
    dropCpuMs,
    dropAnsweredMs,
    driverMs,
  };
}

/** Reorders from Node, one after the other: the server's round trip (HTTP on loopback included). */
async function reorders(
  base: string,
  token: string,
  resource: 'chapters' | 'modules',
  ids: number[],
  siblings: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < REORDERS; index++) {
    const id = ids[index % ids.length];
    const position = (index * 7) % siblings;
    const started = performance.now();
    const response = await fetch(`${base}/api/${resource}/${id}/reorder`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ position }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`reorder ${resource}/${id}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function main() {
  // BENCH_APP_DIR: a build already made (e.g. the browser tests' E2E_DIST_DIR), rebuilt only when stale.
  const appDir = process.env.BENCH_APP_DIR
    ? join(root, process.env.BENCH_APP_DIR)
    : join(root, '.tmp', 'bench-outline-dist');
  if (appBuildIsStale(root, appDir)) {
    console.log('Construction de l’application…');
    await buildApp(root, appDir);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-outline-'));
  atExit(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { BENCH_DATA_DIR: dataDir, BENCH_APP_DIR: appDir };
  if (DATABASE === 'PostgreSQL') {
    if (!findPostgresBin()) throw new Error('PostgreSQL is not installed (initdb and postgres not found).');
    const cluster = await startPostgresCluster();
    atExit(() => cluster.stop());
    env.BENCH_DATABASE_URL = cluster.createDatabase('bench_outline');
  }
  console.log(
    `Seeding ${SHAPE.modules} × ${SHAPE.chapters} × ${SHAPE.parts} = ${SHAPE.modules * SHAPE.chapters * SHAPE.parts} parts (${DATABASE})…`,
  );
  const { base, course } = await startServer(env);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  atExit(() => void browser.close());

  const url = `${base}/#/courses/${course}/outline`;
  const loads: Load[] = [];
  let last: Page | undefined;
  for (let index = 0; index < LOADS; index++) {
    const { session } = await login(base);
    const { load, page } = await coldLoad(browser, url, session, index === LOADS - 1);
    loads.push(load);
    last = page;
    console.log(
      `  load ${index + 1}: outline shown ${round(load.shownMs)} ms (answer arrived at ${round(load.outlineAnsweredAtMs)} ms; the request ${round(load.outlineRequestMs)} ms, ${Math.round(load.outlineBytes / 1024)} KiB)`,
    );
  }
  const { token } = await login(base);
  const outline = (await (
    await fetch(`${base}/api/courses/${course}/outline`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    modules: { id: number; chapters: { id: number }[] }[];
  };
  const chapterTimes = sortedOf(
    await reorders(
      base,
      token,
      'chapters',
      outline.modules[1].chapters.map((chapter) => chapter.id),
      SHAPE.chapters,
    ),
  );
  const moduleTimes = sortedOf(
    await reorders(
      base,
      token,
      'modules',
      outline.modules.map((module) => module.id),
      SHAPE.modules,
    ),
  );
  // The page's own figures last: a drop that never reaches the server is reported, not fatal to the rest.
  const interaction = await interact(last!).catch((error: unknown) => {
    console.error(
      `keyboard drop not measured: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
    return {
      unfoldMs: Number.NaN,
      unfoldCpuMs: Number.NaN,
      dropPaintedMs: Number.NaN,
      dropInPageMs: Number.NaN,
      dropHandlerMs: Number.NaN,
      dropCpuMs: Number.NaN,
      dropAnsweredMs: Number.NaN,
      driverMs: Number.NaN,
    };
  });
  await browser.close();

  const shown = sortedOf(loads.map((load) => load.shownMs));
  const figures = {
    shape: SHAPE,
    outlineShownMs: { p50: round(percentile(shown, 50)), max: round(shown[shown.length - 1]) },
    outlineShownCpuMs: { p50: round(percentile(sortedOf(loads.map((load) => load.shownCpuMs)), 50)) },
    outlineRequestMs: { p50: round(percentile(sortedOf(loads.map((load) => load.outlineRequestMs)), 50)) },
    answerToShownMs: {
      p50: round(percentile(sortedOf(loads.map((load) => load.shownMs - load.outlineAnsweredAtMs)), 50)),
    },
    outlineKiB: Math.round(loads[0].outlineBytes / 1024),
    unfoldModuleMs: round(interaction.unfoldMs),
    unfoldModuleCpuMs: round(interaction.unfoldCpuMs),
    keyboardDrop: {
      paintedMs: round(interaction.dropPaintedMs),
      inPageMs: round(interaction.dropInPageMs),
      handlerMs: round(interaction.dropHandlerMs),
      cpuMs: round(interaction.dropCpuMs),
      answeredMs: round(interaction.dropAnsweredMs),
      driverMs: round(interaction.driverMs),
    },
    reorderChaptersMs: {
      p50: round(percentile(chapterTimes, 50)),
      p99: round(percentile(chapterTimes, 99)),
      n: chapterTimes.length,
    },
    reorderModulesMs: {
      p50: round(percentile(moduleTimes, 50)),
      p99: round(percentile(moduleTimes, 99)),
      n: moduleTimes.length,
    },
  };
  console.log(
    `\nOutline of ${SHAPE.modules * SHAPE.chapters * SHAPE.parts} parts (${DATABASE}, ${LOADS} cold loads; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}):`,
  );
  console.log(
    `  navigation → outline shown   p50 ${figures.outlineShownMs.p50} ms, max ${figures.outlineShownMs.max} ms (page CPU p50 ${figures.outlineShownCpuMs.p50} ms)`,
  );
  console.log(`  GET /outline                 p50 ${figures.outlineRequestMs.p50} ms, ${figures.outlineKiB} KiB`);
  console.log(`  outline answered → shown     p50 ${figures.answerToShownMs.p50} ms`);
  console.log(`  unfold a module (20 rows)    ${figures.unfoldModuleMs} ms (page CPU ${figures.unfoldModuleCpuMs} ms)`);
  console.log(
    `  keyboard drop → painted      ${figures.keyboardDrop.inPageMs} ms in the page, key → next paint (handlers ${figures.keyboardDrop.handlerMs} ms)`,
  );
  console.log(
    `    by the driver's clock      ${figures.keyboardDrop.paintedMs} ms (page CPU ${figures.keyboardDrop.cpuMs} ms; a key that changes nothing: ${figures.keyboardDrop.driverMs} ms); → server answered ${figures.keyboardDrop.answeredMs} ms`,
  );
  console.log(
    `  reorder chapter (server)     p50 ${figures.reorderChaptersMs.p50} ms, p99 ${figures.reorderChaptersMs.p99} ms (n=${REORDERS})`,
  );
  console.log(
    `  reorder module (server)      p50 ${figures.reorderModulesMs.p50} ms, p99 ${figures.reorderModulesMs.p99} ms (n=${REORDERS})`,
  );
  const checks = [
    [`outline shown p50 ≤ ${TARGETS.outlineShownP50Ms} ms`, figures.outlineShownMs.p50 <= TARGETS.outlineShownP50Ms],
    [
      `reorder p99 ≤ ${TARGETS.reorderP99Ms} ms`,
      Math.max(figures.reorderChaptersMs.p99, figures.reorderModulesMs.p99) <= TARGETS.reorderP99Ms,
    ],
    [
      `drop painted ≤ ${TARGETS.dropPaintedMs} ms (optimistic; in the page)`,
      figures.keyboardDrop.inPageMs <= TARGETS.dropPaintedMs,
    ],
  ] as const;
  for (const [label, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, `outline-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
    JSON.stringify(
      { at: new Date().toISOString(), database: DATABASE, loadAverage: loadavg(), loads, interaction, figures },
      null,
      2,
    ),
  );
  cleanUp();
  process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  cleanUp();
  process.exit(1);
});
