import { randomBytes } from 'node:crypto';
import { appendFile, cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { backup, restore } from '../../server/backup/backup.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openPglite, openPostgres, type Database } from '../../server/db/database.ts';
import { PLATFORM } from '../../server/db/scope.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { prepareDatabase } from '../../server/prepareDatabase.ts';
import { removeUnheldFiles } from '../../server/storage/fileRemovals.ts';
import { LocalFileStorage } from '../../server/storage/localFiles.ts';
import { JWT_SECRET } from './support/testApp.ts';
import { DATA_FOLDER, PGLITE_FOLDER } from './support/template.ts';

/**
 * The restore drill: a seeded platform, a write, a backup, more writes (a row, a file added, a file's row
 * deleted and its file removed from the store), a restore, and the data is the backup's moment again,
 * files included. PostgreSQL is backed up while its server runs; PGlite with it stopped, as documented.
 */

const template = inject('testDatabase');
let root: string;
let config: Config;
let adminUrl: string | undefined;
let databaseName: string | undefined;
let databaseUrl: string | undefined;
/** Each step opens the database again, as a server starting would: minutes on a busy machine with PGlite. */
const DRILL_TIMEOUT_MS = 300_000;

async function openDb(): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, 2) : openPglite(config.dataDir);
}

/** A server process over the drill's database for the time of `work`: a real app, its real file store. */
async function withServer<T>(work: (call: Caller, db: Database) => Promise<T>): Promise<T> {
  const db = await openDb();
  await prepareDatabase(db);
  const files = new LocalFileStorage(config.dataDir);
  const { app } = await buildApp(config, db, { files });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { login: 'superadmin@demo.fr', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const authorization = `Bearer ${login.json().token as string}`;
    const call: Caller = {
      tag: async (name) => {
        const created = await app.inject({
          method: 'POST',
          url: '/api/tags',
          headers: { authorization, accept: 'application/json' },
          payload: { name },
        });
        expect(created.statusCode, created.body).toBe(201);
      },
      upload: async (name, text) => {
        const boundary = `----drill-${randomBytes(4).toString('hex')}`;
        const created = await app.inject({
          method: 'POST',
          url: '/api/documents/upload',
          headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
        });
        expect(created.statusCode, created.body).toBe(201);
        return Number(created.json().id);
      },
      download: async (id) => {
        const response = await app.inject({ url: `/api/documents/${id}/download`, headers: { authorization } });
        return response.statusCode === 200 ? response.body : undefined;
      },
      remove: async (id) => {
        const removed = await app.inject({ method: 'DELETE', url: `/api/documents/${id}`, headers: { authorization } });
        expect(removed.statusCode, removed.body).toBe(204);
      },
    };
    return await work(call, db.scoped(PLATFORM));
  } finally {
    await app.close();
    await db.close();
  }
}

interface Caller {
  tag(name: string): Promise<void>;
  upload(name: string, text: string): Promise<number>;
  download(id: number): Promise<string | undefined>;
  remove(id: number): Promise<void>;
}

const tagNames = async (db: Database) =>
  (await db.query<{ name: string }>(`SELECT name FROM tags WHERE name LIKE 'Exercice %' ORDER BY name`)).map(
    (row) => row.name,
  );

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'restore-drill-'));
  const dataDir = join(root, 'data');
  if (template.kind === 'postgresql') {
    databaseName = `drill_${process.pid}_${randomBytes(4).toString('hex')}`;
    adminUrl = `${template.baseUrl}/postgres`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${databaseName}" TEMPLATE "${template.template}"`);
    } finally {
      await admin.end();
    }
    databaseUrl = `${template.baseUrl}/${databaseName}`;
    await cp(join(template.root, DATA_FOLDER), dataDir, { recursive: true });
  } else {
    // As `npm start` lays it out: PGlite's folder is DATA_DIR, the files in DATA_DIR/files.
    await cp(join(template.root, PGLITE_FOLDER), dataDir, { recursive: true });
    await cp(join(template.root, DATA_FOLDER), dataDir, { recursive: true });
  }
  config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl,
    seed: 'none',
    jwtSecret: JWT_SECRET,
  };
});

afterAll(async () => {
  if (adminUrl && databaseName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).finally(() => admin.end());
  }
  if (root) await rm(root, { recursive: true, force: true });
});

describe(`the restore drill (${template.kind})`, () => {
  it(
    'puts the rows and the files back as they were at the backup',
    async () => {
      const folder = join(root, 'backup');
      const kept = await withServer(async (call) => {
        await call.tag('Exercice avant');
        return call.upload('avant.txt', 'Feuille de présence du 2 décembre');
      });

      // PostgreSQL is backed up beside a running server, as in production; PGlite is one process's.
      const manifest =
        template.kind === 'postgresql'
          ? await withServer(() => backup(config, undefined, folder, new LocalFileStorage(config.dataDir)))
          : await backup(config, undefined, folder, new LocalFileStorage(config.dataDir));
      expect(manifest.database).toBe(template.kind);
      if (template.kind === 'postgresql') expect(manifest.files.length).toBeGreaterThan(0);
      expect((await readdir(folder)).sort()).toContain('manifest.json');

      const added = await withServer(async (call, db) => {
        await call.tag('Exercice après');
        const id = await call.upload('apres.txt', 'Ajouté après la sauvegarde');
        await call.remove(kept);
        // The deleted document's file leaves the store now, as the periodic job would make it.
        await db.query('DELETE FROM recycle_bin');
        await removeUnheldFiles(db, new LocalFileStorage(config.dataDir));
        expect(await call.download(kept)).toBeUndefined();
        expect(await tagNames(db)).toEqual(['Exercice après', 'Exercice avant']);
        return id;
      });

      await restore(
        config,
        undefined,
        folder,
        () => new LocalFileStorage(config.dataDir),
        async () => {
          const db = await openDb();
          await prepareDatabase(db).finally(() => db.close());
        },
      );

      await withServer(async (call, db) => {
        expect(await tagNames(db)).toEqual(['Exercice avant']);
        expect(await call.download(kept)).toBe('Feuille de présence du 2 décembre');
        expect(await call.download(added)).toBeUndefined();
        // The restored platform works on: a write after the restore is kept.
        await call.tag('Exercice repris');
        expect(await tagNames(db)).toEqual(['Exercice avant', 'Exercice repris']);
      });
    },
    DRILL_TIMEOUT_MS,
  );

  it(
    'refuses a folder that is not empty, and a backup whose database file was altered',
    async () => {
      const folder = join(root, 'backup');
      await expect(backup(config, undefined, folder, new LocalFileStorage(config.dataDir))).rejects.toThrow(
        /n’est pas vide/,
      );
      await appendFile(join(folder, template.kind === 'postgresql' ? 'database.dump' : 'pglite-data.tar.gz'), 'x');
      await expect(
        restore(
          config,
          undefined,
          folder,
          () => new LocalFileStorage(config.dataDir),
          async () => {},
        ),
      ).rejects.toThrow(/absent ou altéré/);
      // Nothing was overwritten: the platform is still the restored one.
      await withServer(async (_call, db) => expect(await tagNames(db)).toEqual(['Exercice avant', 'Exercice repris']));
    },
    DRILL_TIMEOUT_MS,
  );
});
