/**
 * `npm run bench:xmind`: how long the XMind import of a 10,000-topic map takes, on embedded PGlite and on
 * a throw-away PostgreSQL cluster (skipped when no PostgreSQL is installed). Each round reads the map
 * (unzip, parse, plan) and stores it as a new version (one transaction, one statement for its folders and
 * sheets), as POST /api/imports does; the database is freshly migrated. Prints read and store times per
 * round and one PASS/FAIL line against the target (3 s for read + store, median of the rounds).
 * Environment: BENCH_TOPICS (10000), BENCH_ROUNDS (3).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openPglite, openPostgres, type Database } from '../../server/db/database.ts';
import { prepareDatabase } from '../../server/prepareDatabase.ts';
import { maxDepthOf, storeVersion } from '../../server/imports/importStore.ts';
import { planImport, readXmind } from '../../server/imports/xmind.ts';
import { findPostgresBin, startPostgresCluster } from '../../tests/support/postgresCluster.ts';
import { bigMap, zenXmind } from '../../tests/support/xmindFixtures.ts';

const TOPICS = Number(process.env.BENCH_TOPICS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_MS = 3000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function rounds(name: string, db: Database, file: Buffer): Promise<number> {
  await prepareDatabase(db);
  const totals: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const started = performance.now();
    const plan = planImport(await readXmind(file), 'grande-carte.xmind', await maxDepthOf(db));
    const read = performance.now() - started;
    await storeVersion(db, 'grande-carte.xmind', plan);
    const total = performance.now() - started;
    totals.push(total);
    console.log(
      `${name} round ${round}: read ${read.toFixed(0)} ms, store ${(total - read).toFixed(0)} ms ` +
        `(${plan.folders.length} folders, ${plan.sheets.length} sheets), total ${total.toFixed(0)} ms`,
    );
  }
  return median(totals);
}

const file = await zenXmind(bigMap(TOPICS));
console.log(`map: ${TOPICS} topics, ${(file.length / 1024).toFixed(0)} KB zipped`);
const results: [string, number][] = [];

const pgliteDir = await mkdtemp(join(tmpdir(), 'lms-bench-xmind-'));
const pglite = await openPglite(pgliteDir);
try {
  results.push(['PGlite', await rounds('PGlite', pglite, file)]);
} finally {
  await pglite.close();
  await rm(pgliteDir, { recursive: true, force: true });
}

if (findPostgresBin()) {
  const cluster = await startPostgresCluster();
  try {
    const postgres = await openPostgres(cluster.createDatabase('bench_xmind'));
    try {
      results.push(['PostgreSQL', await rounds('PostgreSQL', postgres, file)]);
    } finally {
      await postgres.close();
    }
  } finally {
    cluster.stop();
  }
} else console.log('PostgreSQL: not installed, skipped');

const worst = Math.max(...results.map(([, ms]) => ms));
console.log(
  `${worst < TARGET_MS ? 'PASS' : 'FAIL'}: median import ${results.map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(', ')} (target < ${TARGET_MS} ms)`,
);
