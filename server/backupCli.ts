import { resolve } from 'node:path';
import { loadConfig } from './config.ts';
import { LocalFileStorage } from './storage/localFiles.ts';
import { openFileStorage } from './storage/openFileStorage.ts';
import { backup } from './backup/backup.ts';

const USAGE = `Usage : npm run backup -- <dossier>

Sauvegarde la base (DATABASE_URL, ou PGlite dans DATA_DIR) et les fichiers que ses lignes nomment (DATA_DIR/files,
ou le bucket de S3_BUCKET) dans <dossier>, vide ou absent : un seul instant de la base et de ses fichiers.
PostgreSQL : pendant que les serveurs tournent (pg_dump). PGlite : serveur arrêté.`;

const [folder, ...rest] = process.argv.slice(2);
if (!folder || rest.length > 0) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const bucket = config.s3 ? await openFileStorage(config) : undefined;
try {
  const manifest = await backup(config, bucket, resolve(folder), new LocalFileStorage(config.dataDir));
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  console.log(
    `Sauvegarde ${manifest.database} écrite dans ${resolve(folder)} : ${manifest.databaseFile}, ${manifest.files.length} fichier(s) copié(s) (${bytes} octets)${manifest.database === 'pglite' && !bucket ? ', les fichiers dans l’archive du dossier de données' : ''}.`,
  );
} catch (error) {
  console.error(`Échec de la sauvegarde : ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await bucket?.close();
}
