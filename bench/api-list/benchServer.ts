/**
 * The server under test, run by run.ts in a child process (through server.ts, which starts tracing first
 * when asked) so that the load generator does not share its event loop. Opens the database, migrates,
 * seeds the demo accounts and BENCH_USERS scale users, serves the real app on 127.0.0.1 plus bench-only
 * routes (a constant answer, the statements counted, a CPU profile), then prints one `BENCH_READY {json}`
 * line on stdout.
 *
 * Environment: BENCH_DATA_DIR (required: PGlite data, JWT secret, outbox), BENCH_DATABASE_URL (PostgreSQL
 * instead of PGlite), BENCH_USERS (default 100000), BENCH_PAGE1_URL (the URL whose answer the constant
 * route imitates), BENCH_METRICS_TOKEN (serves /metrics to that bearer token), OTEL_EXPORTER_OTLP_ENDPOINT
 * (traced: server.ts).
 */
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openPglite, openPostgres } from '../../server/db/database.ts';
import { PLATFORM } from '../../server/db/scope.ts';
import { prepareDatabase } from '../../server/prepareDatabase.ts';
import { DEMO_PASSWORD, seedDemo } from '../../server/seed/demo.ts';
import { LocalFileStorage } from '../../server/storage/localFiles.ts';
import { seedScale } from '../../server/seed/scale.ts';
import { READY_PREFIX, type ReadyInfo } from './protocol.ts';
import { serveUntilStopped } from '../support/childServer.ts';
import { countStatements, startProfile, statementCounts, stopProfile } from './instrument.ts';

async function main() {
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_DATA_DIR is required.');
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const users = Number(process.env.BENCH_USERS ?? 100_000);
  const page1Url = process.env.BENCH_PAGE1_URL ?? '/api/users?page=1&itemsPerPage=30&order[email]=asc';

  countStatements();
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(dataDir);
  await prepareDatabase(db);
  const started = performance.now();
  await seedDemo(db, { files: new LocalFileStorage(dataDir) });
  const demoMs = Math.round(performance.now() - started);
  const [{ n: demoUsers }] = await db.scoped(PLATFORM).query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  const { ms: scaleMs } = await seedScale(db, { users });

  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN: process.env.BENCH_METRICS_TOKEN,
  });
  const { app } = await buildApp(config, db, { serveApp: false, logger: false });

  // Fastify's floor on this machine for an answer of the same size and type as the list's page 1:
  // routing, headers and socket writes, without auth, SQL or serialisation. Filled before the first request.
  let constant: Buffer = Buffer.alloc(0);
  let contentType = 'application/json';
  app.get('/bench/constant', (_request, reply) => {
    reply.type(contentType).send(constant);
  });

  // What run.ts reads of the server's own work: statements sent since the last reset, and a CPU profile.
  app.get('/bench/statements', (request) => statementCounts((request.query as { reset?: string }).reset === '1'));
  app.post('/bench/profile/start', async () => {
    await startProfile();
    return { started: true };
  });
  app.post('/bench/profile/stop', (request) => stopProfile(Number((request.query as { top?: string }).top ?? 15)));

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: { login: 'superadmin@demo.fr', password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`Login failed: ${login.statusCode} ${login.body}`);
  const token = (login.json() as { token: string }).token;

  const page1 = await app.inject({ method: 'GET', url: page1Url, headers: { authorization: `Bearer ${token}` } });
  if (page1.statusCode !== 200)
    throw new Error(`${page1Url} answered ${page1.statusCode}: ${page1.body.slice(0, 300)}`);
  constant = page1.rawPayload;
  contentType = String(page1.headers['content-type']);
  const totalItems = Number((page1.json() as { 'hydra:totalItems': number })['hydra:totalItems']);

  const port = await serveUntilStopped(app, db);

  const info: ReadyInfo = { port, token, contentType, bytes: constant.length, totalItems, demoUsers, demoMs, scaleMs };
  process.stdout.write(`${READY_PREFIX}${JSON.stringify(info)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
