import { resolve } from 'node:path';
import { loadConfig } from './config.ts';
import { copyFiles } from './storage/copyFiles.ts';
import { LocalFileStorage } from './storage/localFiles.ts';
import { openFileStorage } from './storage/openFileStorage.ts';

const USAGE = `Usage : npm run storage:copy [-- --from <dossier de données>]

Copie les fichiers de DATA_DIR/files (ou <dossier de données>/files) dans le bucket que nomment S3_BUCKET,
S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY et S3_FORCE_PATH_STYLE, sous les mêmes clés.
Un fichier déjà présent avec la même taille n'est pas recopié : la commande peut être relancée.`;

function sourceDir(args: string[], fallback: string): string | undefined {
  if (args.length === 0) return fallback;
  if (args.length === 2 && args[0] === '--from' && args[1]) return resolve(args[1]);
  return undefined;
}

const config = loadConfig();
const from = sourceDir(process.argv.slice(2), config.dataDir);
if (!from || !config.s3) {
  console.error(`${from ? 'S3_BUCKET n’est pas défini : aucun bucket où copier.\n\n' : ''}${USAGE}`);
  process.exit(2);
}

const source = new LocalFileStorage(from);
const target = await openFileStorage(config);
console.log(
  `Copie de ${source.root} vers le bucket ${config.s3.bucket}${config.s3.endpoint ? ` (${config.s3.endpoint})` : ''}…`,
);
try {
  const summary = await copyFiles(source, target, (line) => console.log(`  ${line}`));
  const megabytes = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(
    summary.copiedBytes / 1024 / 1024,
  );
  console.log(
    `${summary.copied} fichier(s) copié(s) (${megabytes} Mo), ${summary.present} déjà présent(s)` +
      `${summary.failed.length > 0 ? `, ${summary.failed.length} en échec (relancer la commande)` : ''}.`,
  );
  if (summary.failed.length > 0) process.exitCode = 1;
} finally {
  await target.close();
}
