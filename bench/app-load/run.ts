/**
 * `npm run bench:app-load`: how fast the back-office shows its first list, against a minimal react-admin
 * app (bench/baseline: same libraries, one `courses` list, nothing lazy).
 *
 * Builds both with the same Vite into .tmp/bench-app-load/, starts one server for both (server.ts: the
 * real app factory on a copy of the e2e suite's seeded PGlite template, the back-office at `/`, the
 * baseline at `/baseline/`), logs in as superadmin@demo.fr for each load and puts the session in
 * sessionStorage before navigation, then opens `#/courses` in headless Chromium, one fresh browser
 * context (empty cache) per load: one warm-up load each, then BENCH_LOADS (5) loads each, alternating.
 * Prints the JS the browser loaded before the first row (gzip bytes, from the network, and the bytes
 * that travelled as the server compressed them) and the median time from navigation start to the first
 * data row painted, their ratios, and PASS/FAIL against the targets (both <= 0.8x; at most 5 JS files
 * and exactly one API call before the first row, in every load of the back-office). Writes the figures
 * to bench/results/app-load-<date>.json. Environment:
 * BENCH_LOADS (5), BENCH_TIMEOUT_MS (30000), BENCH_APP_ROOT (build the back-office from that copy instead).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { snapshot } from '../api-list/cpu.ts';
import { viteBuild } from './build.ts';
import { coldLoad } from './coldLoad.ts';
import { descendantsCpuMs } from './cpuTree.ts';
import { BASELINE_PATH, READY_PREFIX, type ReadyInfo } from './protocol.ts';
import { printReport, summarise, type MeasuredLoad, type Subject } from './report.ts';
import { CHROMIUM_ARGS } from '../../tests/support/chromium.ts';
import { seededTemplate, sessionEntries, startBenchServer } from '../support/benchServer.ts';

const LOADS = Number(process.env.BENCH_LOADS ?? 5);
// A copy of the project (its own src/, vite.config.ts; node_modules linked) to measure a change before making it.
const APP_ROOT = process.env.BENCH_APP_ROOT;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30_000);
const ROUTE = '#/courses';
const root = fileURLToPath(new URL('../../', import.meta.url));
const workDir = join(root, '.tmp', 'bench-app-load');
const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
const cleanups: (() => Promise<void> | void)[] = [];

async function measuredLoad(
  browser: Browser,
  baseUrl: string,
  subject: Subject,
  serverPid: number,
): Promise<MeasuredLoad> {
  const session = await sessionEntries(baseUrl, 'superadmin@demo.fr');
  const before = { cpu: snapshot(serverPid, undefined), tree: descendantsCpuMs(), at: performance.now() };
  const result = await coldLoad(browser, { url: `${baseUrl}${subject.path}${ROUTE}`, session, timeoutMs: TIMEOUT_MS });
  const after = { cpu: snapshot(serverPid, undefined), tree: descendantsCpuMs(), at: performance.now() };
  const delta = (from: number | undefined, to: number | undefined) =>
    from === undefined || to === undefined ? undefined : to - from;
  const server = delta(before.cpu.server, after.cpu.server);
  const tree = delta(before.tree, after.tree);
  const system = delta(before.cpu.system, after.cpu.system);
  const own = after.cpu.own - before.cpu.own;
  const others = system === undefined || tree === undefined ? undefined : Math.max(0, system - own - tree);
  return {
    ...result,
    serverCpuMs: server,
    browserCpuMs: tree === undefined || server === undefined ? undefined : tree - server,
    othersCpuPercent: others === undefined ? undefined : (others / (after.at - before.at)) * 100,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const loadAverageAtStart = loadavg()[0];
  console.log(
    `bench:app-load: the back-office against a minimal react-admin app, ${ROUTE}, ${LOADS} cold loads each, headless Chromium`,
  );
  // The bench serves both apps from its own server, and opens them with the back-office's default session keys.
  delete process.env.VITE_API_URL;
  delete process.env.VITE_APP_NAME;

  const app = await viteBuild(join(APP_ROOT ? resolve(APP_ROOT) : root, 'vite.config.ts'), join(workDir, 'app'));
  if (APP_ROOT) console.log(`the back-office built from ${resolve(APP_ROOT)} (BENCH_APP_ROOT)`);
  const baseline = await viteBuild(join(root, 'bench', 'baseline', 'vite.config.ts'), join(workDir, 'baseline'));
  console.log(
    `built with Vite: back-office in ${seconds(app.ms)}, baseline in ${seconds(baseline.ms)} (into ${workDir})`,
  );

  const dataDir = await mkdtemp(join(tmpdir(), 'lms-bench-app-load-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const template = seededTemplate(root);
  if (template) await cp(template, dataDir, { recursive: true });
  else console.log('no seeded e2e template in .tmp/e2e: the server seeds the demo data first (slower start)');
  const { child, info } = await startBenchServer<ReadyInfo>(
    fileURLToPath(new URL('server.ts', import.meta.url)),
    {
      cwd: root,
      readyPrefix: READY_PREFIX,
      env: { BENCH_DATA_DIR: dataDir, BENCH_APP_DIR: app.dir, BENCH_BASELINE_DIR: baseline.dir },
    },
    (stop) => cleanups.push(stop),
  );
  const baseUrl = `http://127.0.0.1:${info.port}`;
  console.log(`server ready on ${baseUrl}: back-office at /, baseline at ${BASELINE_PATH}`);

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());

  const subjects: Subject[] = [
    { key: 'app', label: 'back-office', path: '/', build: app, loads: [] },
    { key: 'baseline', label: 'baseline', path: BASELINE_PATH, build: baseline, loads: [] },
  ];
  const warmUps: MeasuredLoad[] = [];
  for (const subject of subjects) warmUps.push(await measuredLoad(browser, baseUrl, subject, child.pid!));
  console.log(
    `warm-up (not counted): ${subjects.map((subject, i) => `${subject.label} ${Math.round(warmUps[i].firstRowMs)} ms`).join(', ')}`,
  );
  for (let round = 0; round < LOADS; round += 1) {
    // Alternating who goes first spreads a drift of the machine over both.
    const order = round % 2 === 0 ? subjects : [...subjects].reverse();
    const line: string[] = [];
    for (const subject of order) {
      const load = await measuredLoad(browser, baseUrl, subject, child.pid!);
      subject.loads.push(load);
      const others = load.othersCpuPercent === undefined ? '' : `, others ${Math.round(load.othersCpuPercent)} %`;
      line.push(`${subject.label} ${Math.round(load.firstRowMs)} ms${others}`);
    }
    console.log(`load ${round + 1}: ${line.join('   ')}`);
  }

  const summary = summarise(subjects);
  printReport(subjects, summary, ROUTE);
  const busiest = Math.max(
    0,
    ...subjects.flatMap((subject) => subject.loads.map((load) => load.othersCpuPercent ?? 0)),
  );
  if (busiest > 25)
    console.log(
      `\nWarning: other programs took up to ${Math.round(busiest)} % of a core during the loads (load average ` +
        `${loadAverageAtStart.toFixed(1)} at the start): the times are inflated and noisier; the JS sizes are not affected.`,
    );

  const stamp = new Date().toISOString().replace(/:/g, '-').replace(/\..*/, '');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `app-load-${stamp}.json`);
  const json = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version },
    settings: { loads: LOADS, route: ROUTE, chromiumArgs: CHROMIUM_ARGS, appRoot: APP_ROOT ? resolve(APP_ROOT) : root },
    loadAverageAtStart,
    busiestOtherProgramsCpuPercent: busiest,
    summary,
    subjects: subjects.map(({ build, ...subject }) => ({ ...subject, buildMs: build.ms, buildDir: build.dir })),
  };
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nFigures written to ${file}`);
  process.exitCode = summary.checks.every((check) => check.pass) ? 0 : 1;
}

try {
  await main();
} finally {
  // Last started, first stopped: the browser, then the server, then its data folder.
  for (const cleanup of cleanups.reverse()) await cleanup();
}
