import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { isEmpty, seedDemo } from './seed/demo.ts';
import { seedScale } from './seed/scale.ts';
import { prepareDatabase } from './prepareDatabase.ts';
import { openFileStorage } from './storage/openFileStorage.ts';

const USAGE = `Usage :
  npm run seed -- demo                  charge les données de démonstration (base vide uniquement)
  npm run seed -- scale --users <N>     ajoute N utilisateurs fictifs (tests de charge, benchmarks)

La base est celle du serveur : DATABASE_URL si elle est définie, sinon PGlite dans DATA_DIR (./data).`;

type Command = { kind: 'demo' } | { kind: 'scale'; users: number };

class UsageError extends Error {}

function parseArguments(args: string[]): Command {
  const [command, ...rest] = args;
  if (command === 'demo') {
    if (rest.length > 0) throw new UsageError(`Argument inattendu pour « demo » : ${rest.join(' ')}`);
    return { kind: 'demo' };
  }
  if (command === 'scale') {
    let users: string | undefined;
    for (let index = 0; index < rest.length; index++) {
      const arg = rest[index];
      if (arg === '--users') users = rest[++index];
      else if (arg.startsWith('--users=')) users = arg.slice('--users='.length);
      else throw new UsageError(`Argument inattendu pour « scale » : ${arg}`);
    }
    if (users === undefined) throw new UsageError('« scale » demande --users <N>.');
    // Underscores and spaces are accepted as thousands separators: 100_000, "100 000".
    const cleaned = users.replace(/[_\s]/g, '');
    if (!/^\d{1,8}$/.test(cleaned) || Number(cleaned) < 1)
      throw new UsageError(`--users attend un entier entre 1 et 99 999 999, pas « ${users} ».`);
    return { kind: 'scale', users: Number(cleaned) };
  }
  throw new UsageError(command ? `Commande inconnue : ${command}` : 'Aucune commande donnée.');
}

const figures = new Intl.NumberFormat('fr-FR');
const seconds = (ms: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(ms / 1000)} s`;

let command: Command;
try {
  command = parseArguments(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}

const config = loadConfig();
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite dans ${config.dataDir}`;
const started = performance.now();
let db: Database | undefined;
try {
  db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await prepareDatabase(db);
  if (applied.length > 0) console.log(`Migrations appliquées : ${applied.join(', ')}`);

  if (command.kind === 'demo') {
    // The demo accounts have fixed addresses: loading them next to existing users could clash or mislead.
    if (!(await isEmpty(db))) {
      console.error(
        `La base (${where}) contient déjà des utilisateurs : les données de démonstration ne sont chargées que dans une base vide.`,
      );
      process.exitCode = 1;
    } else {
      const files = await openFileStorage(config);
      try {
        await seedDemo(db, { files });
      } finally {
        await files.close();
      }
      console.log(`Données de démonstration chargées dans ${where} en ${seconds(performance.now() - started)}.`);
    }
  } else {
    const result = await seedScale(db, { users: command.users });
    console.log(
      `${figures.format(result.users)} utilisateurs ajoutés dans ${where} en ${seconds(result.ms)} ` +
        `(${figures.format(Math.round((result.users / Math.max(result.ms, 1)) * 1000))} par seconde).`,
    );
  }
} catch (error) {
  console.error(`Échec du chargement : ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db?.close();
}
