import { resolve } from 'node:path';
import { loadConfig } from './config.ts';
import { openPostgres } from './db/database.ts';
import { prepareDatabase } from './prepareDatabase.ts';
import { LocalFileStorage } from './storage/localFiles.ts';
import { openFileStorage } from './storage/openFileStorage.ts';
import { restore } from './backup/backup.ts';

const USAGE = `Usage : npm run restore -- <dossier>

Remet la base (DATABASE_URL, ou PGlite dans DATA_DIR) et ses fichiers dans l’état d’une sauvegarde de
npm run backup. Les serveurs doivent être arrêtés : ce que la base contient est remplacé.`;

const [folder, ...rest] = process.argv.slice(2);
if (!folder || rest.length > 0) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const bucket = config.s3 ? await openFileStorage(config) : undefined;
try {
  const manifest = await restore(
    config,
    bucket,
    resolve(folder),
    () => new LocalFileStorage(config.dataDir),
    async (databaseUrl) => {
      const db = await openPostgres(databaseUrl, 1);
      try {
        await prepareDatabase(db);
      } finally {
        await db.close();
      }
    },
  );
  console.log(
    `Base ${manifest.database} et ${manifest.files.length} fichier(s) remis à l’état du ${manifest.createdAt}.`,
  );
} catch (error) {
  console.error(`Échec de la restauration : ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await bucket?.close();
}
