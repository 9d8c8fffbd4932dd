import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import type { Config } from '../shared/settings.ts';
import type { FileStorage } from '../storage/fileStorage.ts';
import { binnedFileKeys, FILE_ROWS, FILE_REMOVALS_LOCK } from '../storage/fileRemovals.ts';

const run = promisify(execFile);

/** The layout of a backup folder; `format` changes when the layout does. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'postgresql' | 'pglite';
  /** The database's file in the folder: pg_dump's custom format, or PGlite's data folder as a tar.gz. */
  databaseFile: string;
  databaseSha256: string;
  /** The stored files the backed-up rows name, copied under files/<key>, with their size and SHA-256. */
  files: { key: string; size: number; sha256: string }[];
}

export const MANIFEST = 'manifest.json';
const PG_DUMP_FILE = 'database.dump';
const PGLITE_FILE = 'pglite-data.tar.gz';
const FILES_DIR = 'files';

/** Every key a row or a recycle bin item names: what a restore must find in the store. */
export const HELD_KEYS_SQL = [
  ...FILE_ROWS.map(({ table, key }) => `SELECT ${key} AS key FROM ${table} WHERE ${key} IS NOT NULL`),
  `SELECT k.key FROM recycle_bin b, LATERAL (${binnedFileKeys('b')}) AS k(key)`,
].join('\nUNION\n');

/** PostgreSQL's own client programs, from PATH or Debian's versioned folders (the newest first). */
export function postgresProgram(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const path = join(root, version, 'bin', name);
      if (existsSync(path)) return path;
    }
  }
  return name;
}

async function copyHeldFiles(keys: string[], files: FileStorage, folder: string): Promise<BackupManifest['files']> {
  const copied: BackupManifest['files'] = [];
  for (const key of [...new Set(keys)].sort()) {
    const body = await files.read(key);
    // A row's file that is gone from the store was removed after the snapshot by a path that does not wait
    // for backups (a purge of the recycle bin): this backup would not restore what its rows name.
    if (!body) throw new Error(`Le fichier ${key} a disparu du stockage pendant la sauvegarde : relancez-la.`);
    const path = join(folder, FILES_DIR, key);
    await mkdir(dirname(path), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.length;
    });
    await pipeline(body, createWriteStream(path));
    copied.push({ key, size, sha256: hash.digest('hex') });
  }
  return copied;
}

/**
 * A PostgreSQL backup that is one moment of the database and of the files it names: pg_dump reads the
 * snapshot of a transaction that stays open while the files its rows name are copied, and the file-removal
 * job waits (an advisory lock it tries before each pass), so no file a snapshot's row names leaves the store
 * meanwhile. Runs beside live servers.
 */
async function backupPostgres(
  databaseUrl: string,
  files: FileStorage,
  folder: string,
): Promise<Omit<BackupManifest, 'databaseSha256'>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [FILE_REMOVALS_LOCK]);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ snapshot }] = (await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot')).rows;
    await run(
      postgresProgram('pg_dump'),
      ['--format=custom', `--snapshot=${snapshot}`, `--file=${join(folder, PG_DUMP_FILE)}`, databaseUrl],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const keys = (await client.query<{ key: string }>(HELD_KEYS_SQL)).rows.map((row) => row.key);
    const copied = await copyHeldFiles(keys, files, folder);
    await client.query('COMMIT');
    return {
      format: 1,
      createdAt: new Date().toISOString(),
      database: 'postgresql',
      databaseFile: PG_DUMP_FILE,
      files: copied,
    };
  } finally {
    await client.end();
  }
}

const openPgliteFolder = (dataDir: string, loadDataDir?: Blob) =>
  PGlite.create({ dataDir, extensions: { pg_trgm, unaccent }, ...(loadDataDir ? { loadDataDir } : {}) });

/**
 * PGlite is one process's: its backup is taken with the server stopped. The data folder (the database,
 * and the local files and JWT secret kept in it) goes whole as one archive; files in a bucket are copied
 * beside it as for PostgreSQL.
 */
async function backupPglite(
  dataDir: string,
  files: FileStorage | undefined,
  folder: string,
): Promise<Omit<BackupManifest, 'databaseSha256'>> {
  const db = await openPgliteFolder(dataDir);
  try {
    await db.exec('CHECKPOINT');
    const keys = files ? (await db.query<{ key: string }>(HELD_KEYS_SQL)).rows.map((row) => row.key) : [];
    const archive = await db.dumpDataDir('gzip');
    await writeFile(join(folder, PGLITE_FILE), Buffer.from(await archive.arrayBuffer()));
    const copied = files ? await copyHeldFiles(keys, files, folder) : [];
    return {
      format: 1,
      createdAt: new Date().toISOString(),
      database: 'pglite',
      databaseFile: PGLITE_FILE,
      files: copied,
    };
  } finally {
    await db.close();
  }
}

/**
 * Backs up the configured database and the files its rows name into `folder` (made, and refused if it
 * holds anything): `bucket` is the object store when the files are in one (S3_BUCKET), undefined when they
 * are in the data folder.
 */
export async function backup(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  bucket: FileStorage | undefined,
  folder: string,
  localFiles: FileStorage,
): Promise<BackupManifest> {
  await mkdir(folder, { recursive: true });
  if (readdirSync(folder).length > 0) throw new Error(`Le dossier ${folder} n’est pas vide.`);
  const manifest = config.databaseUrl
    ? await backupPostgres(config.databaseUrl, bucket ?? localFiles, folder)
    : await backupPglite(config.dataDir, bucket, folder);
  const complete = { ...manifest, databaseSha256: await sha256Of(join(folder, manifest.databaseFile)) };
  await writeFile(join(folder, MANIFEST), `${JSON.stringify(complete, null, 2)}\n`);
  return complete;
}

async function readManifest(folder: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(join(folder, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Format de sauvegarde inconnu : ${String(manifest.format)}.`);
  return manifest;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** Checks every file of the backup against its manifest before anything is overwritten. */
async function verify(folder: string, manifest: BackupManifest): Promise<void> {
  const database = join(folder, manifest.databaseFile);
  if (!existsSync(database) || (await sha256Of(database)) !== manifest.databaseSha256)
    throw new Error(`Le fichier ${manifest.databaseFile} de la sauvegarde est absent ou altéré.`);
  for (const file of manifest.files) {
    const path = join(folder, FILES_DIR, file.key);
    if (!existsSync(path) || (await sha256Of(path)) !== file.sha256)
      throw new Error(`Le fichier ${file.key} de la sauvegarde est absent ou altéré.`);
  }
}

async function restoreFiles(folder: string, manifest: BackupManifest, files: FileStorage): Promise<void> {
  for (const file of manifest.files) await files.write(file.key, createReadStream(join(folder, FILES_DIR, file.key)));
}

/**
 * Puts the database and its files back as they were at the backup's moment. PostgreSQL: pg_restore in one
 * transaction over the configured database (its objects dropped first; owner and grants left to the
 * start-up, which `prepare` then runs); PGlite: the data folder replaced by the archive's (the server
 * stopped). Then the files the rows name, written back under their keys. Files written after the backup stay
 * in a bucket, named by no row.
 */
export async function restore(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  bucket: FileStorage | undefined,
  folder: string,
  localFiles: () => FileStorage,
  prepare: (databaseUrl: string) => Promise<void>,
): Promise<BackupManifest> {
  const manifest = await readManifest(folder);
  await verify(folder, manifest);
  const kind = config.databaseUrl ? 'postgresql' : 'pglite';
  if (manifest.database !== kind)
    throw new Error(`Cette sauvegarde est d’une base ${manifest.database}, la configuration en désigne une ${kind}.`);
  if (config.databaseUrl) {
    await run(
      postgresProgram('pg_restore'),
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${config.databaseUrl}`,
        join(folder, manifest.databaseFile),
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    await prepare(config.databaseUrl);
    await restoreFiles(folder, manifest, bucket ?? localFiles());
  } else {
    const archive = await readFile(join(folder, manifest.databaseFile));
    await rm(config.dataDir, { recursive: true, force: true });
    await mkdir(config.dataDir, { recursive: true });
    const db = await openPgliteFolder(config.dataDir, new Blob([archive]));
    await db.close();
    if (bucket) await restoreFiles(folder, manifest, bucket);
  }
  return manifest;
}
