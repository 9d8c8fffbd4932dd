import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './prepareDatabase.ts';
import { openFileStorage } from './storage/openFileStorage.ts';
import { importStructure } from './privacy/importStructure.ts';

const USAGE = `Usage : npm run structure:import -- <archive.zip>

Charge l’export d’une structure (GET /api/companies/{id}/export) dans la base configurée (DATABASE_URL, ou PGlite
dans DATA_DIR) et ses fichiers dans le stockage (DATA_DIR/files, ou le bucket de S3_BUCKET). La base ne doit pas
déjà contenir cette structure ; les identifiants de l’archive sont gardés. PGlite : serveur arrêté.`;

const [path, ...rest] = process.argv.slice(2);
if (!path || rest.length > 0) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase(config);
const files = await openFileStorage(config);
try {
  // The schema brought to this server's version first: the archive's tables are checked against it.
  await prepareDatabase(db);
  const done = await importStructure(db, files, await readFile(resolve(path)));
  const rows = Object.values(done.rows).reduce((sum, count) => sum + count, 0);
  console.log(
    `Structure n° ${done.structure} importée : ${rows} ligne(s) dans ${Object.keys(done.rows).length} table(s), ${done.files} fichier(s).`,
  );
  const leftOut = Object.entries(done.leftOut);
  if (leftOut.length > 0)
    console.log(
      `Laissées de côté, car ce qu’elles désignent n’est ni dans l’archive ni sur cette plateforme : ${leftOut
        .map(([table, count]) => `${table} ${count}`)
        .join(', ')}.`,
    );
} catch (error) {
  console.error(`Échec de l’import : ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await files.close();
  await db.close();
}
