/**
 * `npm run bench:export`: the CSV export of a whole list (`GET /api/users/export.csv`) over 100,000 users
 * (the scale seed of bench/api-list, `seedScale`), on embedded PGlite and on a throw-away PostgreSQL cluster
 * when one is installed. The server is bench/api-list's, in a child process: the figures are its own, read
 * from /proc (its resident memory sampled every 5 ms, and the kernel's peak, VmHWM, reset just before the
 * export). The file is read over HTTP as a browser would, chunk by chunk, and dropped as it comes. Prints
 * the time, the rows and bytes, and the server's peak RSS growth during the export, against the file's size:
 * a server that held the list would grow by at least that.
 *
 * Environment: BENCH_USERS (100000), BENCH_ROUNDS (2), BENCH_DATABASES (`pglite,postgresql`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CSV_LINE_END, exportPath } from '../../src/domain/csvExport.ts';
import { findPostgresBin, startPostgresCluster } from '../../tests/support/postgresCluster.ts';
import { startServer, stopServer } from '../api-list/serverProcess.ts';
import { atExit } from '../support/cleanups.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',');
// Platform staff on every structure: the whole users table, in e-mail order.
const EXPORT_URL = `${exportPath('users')}?order[email]=asc`;
// A tenth of them first: statements prepared and pages cached, as on a server that has run a while.
const WARM_UP_URL = `${exportPath('users')}?type=admin`;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  atExit(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A line of /proc/<pid>/status in bytes (VmRSS, VmHWM). */
function statusBytes(pid: number, key: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith(`${key}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

/** Resets the kernel's peak RSS of the process (Linux ≥ 4.0): VmHWM then says the peak from now on. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

interface Measure {
  seconds: number;
  rows: number;
  bytes: number;
  baselineRss: number;
  peakRss: number;
}

/** One export read to its end, chunk by chunk, while the server's memory is watched. */
async function exportOnce(base: string, url: string, token: string, pid: number): Promise<Measure> {
  const baselineRss = statusBytes(pid, 'VmRSS');
  const kernelPeak = resetPeak(pid);
  let sampledPeak = baselineRss;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, statusBytes(pid, 'VmRSS'));
  }, 5);
  const started = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let lineEnds = 0;
  const endByte = CSV_LINE_END.charCodeAt(CSV_LINE_END.length - 1);
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const byte of value) if (byte === endByte) lineEnds++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const peakRss = Math.max(sampledPeak, kernelPeak ? statusBytes(pid, 'VmHWM') : 0);
  // Lines minus the header (no cell of the users' list holds a line end).
  return { seconds, rows: lineEnds - 1, bytes, baselineRss, peakRss };
}

async function benchDatabase(name: string, env: Record<string, string>) {
  console.log(`\n${name}: seeding ${USERS.toLocaleString('en-GB')} users (bench/api-list's server)…`);
  const { child, info } = await startServer({ ...env, BENCH_USERS: String(USERS) });
  try {
    console.log(`  seeded: demo ${info.demoMs} ms, scale ${info.scaleMs} ms; ${info.totalItems} users in all`);
    const base = `http://127.0.0.1:${info.port}`;
    const warm = await exportOnce(base, WARM_UP_URL, info.token, child.pid!);
    console.log(`  warm-up: ${warm.rows} rows in ${warm.seconds.toFixed(2)} s`);
    const measures: Measure[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const measure = await exportOnce(base, EXPORT_URL, info.token, child.pid!);
      if (measure.rows !== info.totalItems)
        throw new Error(`The export sent ${measure.rows} rows; the list has ${info.totalItems}.`);
      measures.push(measure);
      console.log(
        `  export ${round}: ${measure.rows.toLocaleString('en-GB')} rows, ${mb(measure.bytes)} MB in ` +
          `${measure.seconds.toFixed(2)} s (${Math.round(measure.rows / measure.seconds).toLocaleString('en-GB')} rows/s); ` +
          `server RSS ${mb(measure.baselineRss)} MB before, peak ${mb(measure.peakRss)} MB: ` +
          `growth ${mb(measure.peakRss - measure.baselineRss)} MB for a ${mb(measure.bytes)} MB file`,
      );
    }
    return { database: name, users: info.totalItems, measures };
  } finally {
    await stopServer(child);
  }
}

console.log(`Bench export: ${EXPORT_URL}, ${ROUNDS} round(s) a database, Node ${process.version}.`);
const results = [];
if (DATABASES.includes('pglite'))
  results.push(await benchDatabase('PGlite', { BENCH_DATA_DIR: join(tempDir('bench-export-pglite-'), 'data') }));
if (DATABASES.includes('postgresql')) {
  if (!findPostgresBin()) console.log('\nPostgreSQL: not installed, skipped.');
  else {
    const cluster = await startPostgresCluster();
    atExit(() => cluster.stop());
    results.push(
      await benchDatabase('PostgreSQL', {
        BENCH_DATA_DIR: join(tempDir('bench-export-pg-'), 'data'),
        BENCH_DATABASE_URL: cluster.createDatabase('bench_export'),
      }),
    );
  }
}
console.log('\nSummary (the last round of each):');
for (const result of results) {
  const last = result.measures.at(-1)!;
  console.log(
    `  ${result.database}: ${last.rows.toLocaleString('en-GB')} rows in ${last.seconds.toFixed(2)} s, ` +
      `peak RSS growth ${mb(last.peakRss - last.baselineRss)} MB (file ${mb(last.bytes)} MB)`,
  );
}
process.exit(0);
