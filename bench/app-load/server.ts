/**
 * The one server both apps load from, run by run.ts in a child process so that the browser driver does
 * not share its event loop. The real app factory (server/app.ts) on a PGlite data folder the parent
 * prepared: the back-office's build at `/` exactly as `npm start` serves it, and the baseline's build at
 * `/baseline/` through the same static plugin. Same origin, same API, same data, same sockets: what
 * differs between the two loads is the apps' code. Prints one `APP_LOAD_READY {json}` line once it listens.
 *
 * Environment: BENCH_DATA_DIR (a migrated folder, seeded or empty), BENCH_APP_DIR, BENCH_BASELINE_DIR.
 */
import { resolve } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { serveBuild } from '../../server/http/wire.ts';
import { loadConfig } from '../../server/config.ts';
import { openPglite } from '../../server/db/database.ts';
import { prepareDatabase } from '../../server/prepareDatabase.ts';
import { isEmpty, seedDemo } from '../../server/seed/demo.ts';
import { LocalFileStorage } from '../../server/storage/localFiles.ts';
import { BASELINE_PATH, READY_PREFIX, type ReadyInfo } from './protocol.ts';
import { serveUntilStopped } from '../support/childServer.ts';

/** A folder from the environment, absolute (the static plugin wants it so). */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required.`);
  return resolve(value);
}

async function main() {
  const dataDir = required('BENCH_DATA_DIR');
  const appDir = required('BENCH_APP_DIR');
  const baselineDir = required('BENCH_BASELINE_DIR');

  const db = await openPglite(dataDir);
  await prepareDatabase(db);
  // Without the e2e suite's seeded template, the parent hands over an empty folder.
  if (await isEmpty(db)) await seedDemo(db, { files: new LocalFileStorage(dataDir) });

  const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: appDir, SEED: 'none', LOG_LEVEL: 'warn' });
  const { app } = await buildApp(config, db, { serveApp: true, logger: false });
  // The same plugin and settings as the app factory's own static serving of the back-office.
  await serveBuild(app, baselineDir, BASELINE_PATH, false);
  app.get(BASELINE_PATH, (_request, reply) => reply.sendFile('index.html', baselineDir));

  const port = await serveUntilStopped(app, db);

  const info: ReadyInfo = { port };
  process.stdout.write(`${READY_PREFIX}${JSON.stringify(info)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
