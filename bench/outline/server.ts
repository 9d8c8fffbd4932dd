/**
 * The server under test of bench/outline, in a child process so that the browser driver does not share its
 * event loop: the real app (server/app.ts, serving the back-office's build from BENCH_APP_DIR) on a fresh
 * PGlite folder (BENCH_DATA_DIR) or a PostgreSQL database (BENCH_DATABASE_URL), with the demo data and one course of 30 modules × 20 chapters × 10 parts
 * seeded by three set-based statements. Prints one `BENCH_READY {json}` line: its port and the course's id.
 */
import { resolve } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openPglite, openPostgres } from '../../server/db/database.ts';
import { prepareDatabase } from '../../server/prepareDatabase.ts';
import { LocalFileStorage } from '../../server/storage/localFiles.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { serveUntilStopped } from '../support/childServer.ts';
import { seedLargeCourse } from '../support/largeCourse.ts';
import { READY_PREFIX } from './protocol.ts';

async function main() {
  const dataDir = process.env.BENCH_DATA_DIR;
  const appDir = process.env.BENCH_APP_DIR;
  if (!dataDir || !appDir) throw new Error('BENCH_DATA_DIR and BENCH_APP_DIR are required.');
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(dataDir);
  await prepareDatabase(db);
  await seedDemo(db, { files: new LocalFileStorage(dataDir) });
  const { course } = await seedLargeCourse(db, {
    description: 'Un cours de 6 000 parties pour mesurer le plan.',
    markdown: 'Texte',
    published: false,
  });
  // The bench reorders hundreds of times as one user, as fast as the server answers: a script, which the
  // default write budget would stop (docs/SECURITY.md); the round trip is what is measured.
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DIST_DIR: resolve(appDir),
    SEED: 'none',
    LOG_LEVEL: 'warn',
    WRITE_BUDGET: '100000',
  });
  const { app } = await buildApp(config, db, { serveApp: true, logger: false });
  const port = await serveUntilStopped(app, db);
  process.stdout.write(`${READY_PREFIX}${JSON.stringify({ port, course })}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
