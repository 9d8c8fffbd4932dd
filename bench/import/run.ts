/**
 * `npm run bench:import`: three hostile course imports at once while `/api/health` is polled.
 *
 * Starts the real server (`server/main.ts`, a throw-away DATA_DIR, the demo seed) on PGlite and on a
 * throw-away PostgreSQL cluster when one is installed, signs in as the demo contributor and sends, at
 * once, the three archives of tests/support/courseZips.ts: a zip bomb entry, one entry of just under the upload limit
 * named by many documents, several distinct entries of just under the upload limit. Meanwhile one client
 * polls `GET /api/health` back to back and the server's resident memory is read from /proc every 50 ms.
 * Prints each import's answer and time, the server's RSS before and at its peak, and the health answers'
 * p50 / p99 / max during the imports; target: health p99 under 200 ms.
 *
 * Environment: BENCH_DATABASES (`pglite,postgresql`), BENCH_BOMB_MB (1024), BENCH_REPEATS (12),
 * BENCH_SEVERAL (6), UPLOAD_MAX_MB (50); the server runs with IMPORTS_AT_ONCE=3 (all three run) and a
 * write budget that does not stop them, so that what is measured is the import caps alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { freePort } from '../../tests/support/freePort.ts';
import { findPostgresBin, startPostgresCluster } from '../../tests/support/postgresCluster.ts';
import { atExit } from '../support/cleanups.ts';
import { hostileZips, type HostileZip } from '../../tests/support/courseZips.ts';

const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',');
const UPLOAD_MAX_MB = Number(process.env.UPLOAD_MAX_MB ?? 50);
const TARGET_P99_MS = 200;
const root = fileURLToPath(new URL('../../', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-import-'));
  atExit(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...inherited,
      SKIP_BUILD: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      UPLOAD_MAX_MB: String(UPLOAD_MAX_MB),
      IMPORTS_AT_ONCE: '3',
      WRITE_BUDGET: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  atExit(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not start within 240 s:\n${output}`);
    if (
      await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await sleep(200);
  }
  return { child, url };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

async function signIn(url: string): Promise<string> {
  const contributor = DEMO_ACCOUNTS.find((account) => account.type === 'contributor')!;
  const response = await fetch(`${url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: contributor.email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) throw new Error(`Sign-in refused: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

async function importOnce(url: string, token: string, zip: HostileZip) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zip.bytes)], { type: 'application/zip' }), 'cours.zip');
  const started = performance.now();
  const response = await fetch(`${url}/api/courses/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  let detail: string;
  try {
    const body = JSON.parse(text) as { violations?: { code: string; message: string }[]; detail?: string };
    detail = body.violations?.[0]?.message ?? body.detail ?? '';
  } catch {
    detail = text.slice(0, 120);
  }
  return { name: zip.name, status: response.status, seconds, detail };
}

async function benchDatabase(database: string, zips: HostileZip[], env: Record<string, string>) {
  console.log(`\n${database}: starting the server…`);
  const { child, url } = await startServer(env);
  try {
    const token = await signIn(url);
    const pid = child.pid!;
    // A second of polls first: the quiet server's figures.
    const poll = async (until: () => boolean, into: number[]) => {
      while (!until()) {
        const started = performance.now();
        const response = await fetch(`${url}/api/health`);
        await response.arrayBuffer();
        into.push(performance.now() - started);
        await sleep(5);
      }
    };
    const quiet: number[] = [];
    const quietUntil = performance.now() + 1_000;
    await poll(() => performance.now() > quietUntil, quiet);
    const rssBefore = rssOf(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssOf(pid));
    }, 50);
    let done = false;
    const during: number[] = [];
    const polling = poll(() => done, during);
    const started = performance.now();
    const results = await Promise.all(zips.map((zip) => importOnce(url, token, zip)));
    const seconds = (performance.now() - started) / 1000;
    done = true;
    await polling;
    clearInterval(sampler);
    for (const result of results)
      console.log(`  ${result.name}: ${result.status} in ${result.seconds.toFixed(1)} s — ${result.detail}`);
    const p99 = percentile(during, 99);
    console.log(
      `  all three: ${seconds.toFixed(1)} s; server RSS ${mb(rssBefore)} MiB before, peak ${mb(rssPeak)} MiB; ` +
        `health quiet p99 ${percentile(quiet, 99).toFixed(0)} ms; during the imports (${during.length} polls) ` +
        `p50 ${percentile(during, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${Math.max(...during).toFixed(0)} ms`,
    );
    console.log(`  ${p99 < TARGET_P99_MS ? 'PASS' : 'FAIL'} health p99 ${p99.toFixed(0)} ms < ${TARGET_P99_MS} ms`);
    return { database, seconds, rssBefore, rssPeak, p99, results };
  } finally {
    await stop(child);
  }
}

const zips = await hostileZips({
  uploadMaxMb: UPLOAD_MAX_MB,
  bombMb: Number(process.env.BENCH_BOMB_MB ?? 1024),
  repeats: Number(process.env.BENCH_REPEATS ?? 12),
  several: Number(process.env.BENCH_SEVERAL ?? 6),
});
console.log(
  `bench:import, UPLOAD_MAX_MB ${UPLOAD_MAX_MB}, Node ${process.version}; archives: ` +
    zips.map((zip) => `${zip.name} = ${(zip.bytes.length / 1024).toFixed(0)} Kio`).join(', '),
);
const outcomes = [];
if (DATABASES.includes('pglite')) outcomes.push(await benchDatabase('PGlite', zips, {}));
if (DATABASES.includes('postgresql')) {
  if (!findPostgresBin()) console.log('\nPostgreSQL: not installed, skipped.');
  else {
    const cluster = await startPostgresCluster();
    atExit(() => cluster.stop());
    outcomes.push(await benchDatabase('PostgreSQL', zips, { DATABASE_URL: cluster.createDatabase('bench_import') }));
  }
}
const failed = outcomes.filter((outcome) => outcome.p99 >= TARGET_P99_MS);
console.log(failed.length ? `\nFAIL: ${failed.map((outcome) => outcome.database).join(', ')}` : '\nPASS');
process.exit(failed.length ? 1 : 0);
