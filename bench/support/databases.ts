import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, openPostgres, type Database } from '../../server/db/database.ts';
import { findPostgresBin, startPostgresCluster } from '../../tests/support/postgresCluster.ts';

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

/** The databases `BENCH_DATABASES` names (`pglite,postgresql` unless told otherwise). */
export const benchDatabases = (): string[] => (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',');

/**
 * Runs `measure` on each database the bench is asked for, each a fresh one with its own data folder: PGlite
 * in a temporary folder, PostgreSQL in a throw-away cluster (skipped with a notice when it is not installed).
 * Keeps what the measures answer as `bench/results/<bench>-<date>.json`, and answers it.
 */
export async function onEachDatabase<T>(
  bench: string,
  measure: (name: string, db: Database, dataDir: string) => Promise<T>,
): Promise<T[]> {
  const databases = benchDatabases();
  const results: T[] = [];
  const inFolder = async (name: string, open: (dir: string) => Promise<Database>) => {
    const dir = await mkdtemp(join(tmpdir(), `lms-bench-${bench}-`));
    const db = await open(dir);
    try {
      results.push(await measure(name, db, dir));
    } finally {
      await db.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  };
  if (databases.includes('pglite')) await inFolder('PGlite', (dir) => openPglite(join(dir, 'pglite')));
  if (databases.includes('postgresql')) {
    if (!findPostgresBin()) console.log('PostgreSQL: not installed, skipped.');
    else {
      const cluster = await startPostgresCluster();
      try {
        await inFolder('PostgreSQL', () => openPostgres(cluster.createDatabase(`bench_${bench}`)));
      } finally {
        cluster.stop();
      }
    }
  }
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, `${bench}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
    JSON.stringify(results, null, 2),
  );
  return results;
}
