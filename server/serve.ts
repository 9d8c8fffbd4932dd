import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { appBuildIsStale, buildApp as buildFrontEnd } from './build.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { underStartupLock } from './db/migrate.ts';
import { prepareDatabase } from './prepareDatabase.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from './seed/demo.ts';
import { withStandIns } from './integrations/standins/index.ts';
import { openFileStorage } from './storage/openFileStorage.ts';
import type { Tracing } from './telemetry/startIfConfigured.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Requests still running after this are cut: a stop must end, even with a stalled upload. */
const STOP_TIMEOUT_MS = 25_000;

/**
 * Starts the server as `npm start` runs it (server/main.ts), once tracing, if any, is on. `tracing` sends
 * its last spans when the process stops.
 */
export async function serve(tracing?: Tracing): Promise<void> {
  // Outside services with no setting are replaced by local stand-ins in development (README, "Services").
  const standIns = await withStandIns(loadConfig());
  const config = standIns.config;

  if (process.env.SKIP_BUILD !== '1' && appBuildIsStale(root, config.distDir)) {
    console.log('Construction du back-office (vite build)…');
    await buildFrontEnd(root);
  }

  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const files = await openFileStorage(config);
  await underStartupLock(db, async () => {
    const applied = await prepareDatabase(db);
    if (applied.length > 0) console.log(`Migrations appliquées : ${applied.join(', ')}`);
    if (config.seed === 'demo' && (await isEmpty(db))) {
      console.log('Base vide : chargement des données de démonstration…');
      await seedDemo(db, { files });
    }
  });

  // Always logging (at LOG_LEVEL): a 500 must leave its stack somewhere. One line per request only on demand.
  const { app, drain } = await buildApp(config, db, {
    logger: true,
    logRequests: process.env.LOG_REQUESTS === '1',
    files,
  });
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}/`;

  console.log(`
Back-office prêt : ${url}
API : ${url}api (base ${db.kind === 'pglite' ? `PGlite dans ${config.dataDir}` : 'PostgreSQL'}, fichiers ${config.s3 ? `dans le bucket ${config.s3.bucket}` : `dans ${config.dataDir}/files`})
Comptes de démonstration (mot de passe ${DEMO_PASSWORD}) :
${DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(26)} ${`${account.roles.join(', ')} (${account.type})`.padEnd(26)} ${account.structure ?? 'plateforme'}`).join('\n')}
${standIns.names.length > 0 ? `Services simulés en local : ${standIns.names.join(', ')}\n` : ''}Ctrl-C pour arrêter.`);

  /**
   * A graceful stop: the readiness answer turns 503 for SHUTDOWN_DRAIN_MS while requests are still served
   * (a load balancer stops sending new ones), then the server stops listening, finishes the requests in
   * flight, ends the live event streams with a reconnection hint (they reconnect to another process), and
   * closes the database and the file store, then sends the last spans.
   */
  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} reçu : arrêt propre…`);
    setTimeout(() => {
      console.error(`Arrêt incomplet après ${STOP_TIMEOUT_MS / 1000} s : sortie forcée.`);
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    try {
      drain();
      if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      await app.close();
      await db.close();
      await files.close();
      await standIns.close();
      await tracing?.shutdown();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
