/**
 * The server under test of bench/ticket-live, in a child process so that the 200 listeners do not share its
 * event loop. Opens the database (PGlite in BENCH_DATA_DIR, or BENCH_DATABASE_URL), migrates, seeds the
 * demo data, serves the real app on 127.0.0.1, then prints one `BENCH_READY {json}` line: its port and pid.
 * `GET /bench/memory` answers this process's memory, and the number of open event streams.
 */
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openPglite, openPostgres } from '../../server/db/database.ts';
import { prepareDatabase } from '../../server/prepareDatabase.ts';
import { LocalFileStorage } from '../../server/storage/localFiles.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { serveUntilStopped } from '../support/childServer.ts';

export const READY_PREFIX = 'BENCH_READY ';

async function main() {
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_DATA_DIR is required.');
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(dataDir);
  await prepareDatabase(db);
  await seedDemo(db, { files: new LocalFileStorage(dataDir) });
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    // The bench opens all its streams as one user.
    LIVE_STREAMS_PER_USER: process.env.LIVE_STREAMS_PER_USER,
  });
  const { app, hub } = await buildApp(config, db, { serveApp: false, logger: false });
  app.get('/bench/memory', async () => {
    // A collection first, when exposed (--expose-gc): what is retained, not what waits to be freed.
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    return { rss: memory.rss, heapUsed: memory.heapUsed, external: memory.external, listeners: hub.listeners };
  });
  const port = await serveUntilStopped(app, db);
  process.stdout.write(`${READY_PREFIX}${JSON.stringify({ port, pid: process.pid })}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
