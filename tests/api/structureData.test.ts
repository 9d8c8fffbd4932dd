import JSZip from 'jszip';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM, runInScope } from '../../server/db/scope.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { ARCHIVE_FORMAT } from '../../server/privacy/archive.ts';
import { importStructure } from '../../server/privacy/importStructure.ts';
import { structureTables, type StructureTable } from '../../server/privacy/structureTables.ts';
import { copyFiles } from '../../server/storage/copyFiles.ts';
import { removeUnheldFiles } from '../../server/storage/fileRemovals.ts';
import { LocalFileStorage } from '../../server/storage/localFiles.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import type { FileStorage } from '../../server/storage/fileStorage.ts';
import { startS3Server, type S3StandIn } from '../support/s3Server.ts';
import { openEmptyPlatform } from './support/emptyPlatform.ts';
import { multipartBody } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * A structure's data, whole: its export holds every row of its own and its files, and nothing of another
 * structure; its deletion takes its rows, its people's sessions and its files and leaves every other
 * structure's rows and files as they were; the archive loads back into a database without it, with the same
 * counts and the same bytes.
 */
let t: TestApp;
let structure: number;
let tables: StructureTable[];
let archive: Buffer;
let s3: S3StandIn | undefined;
let countsBefore: Map<number, Record<string, number>>;
let filesBefore: Map<number, Map<string, string>>;

/** A platform's database (its view on the platform's scope) and its files: the test app's, or an empty one's. */
interface Platform {
  db: Database;
  files: FileStorage;
}
const testPlatform = (): Platform => ({ db: t.db, files: t.files });

/** Every structure's rows, table by table, counted as the tables' owner (row-level security aside). */
async function counts({ db }: Platform = testPlatform()): Promise<Map<number, Record<string, number>>> {
  const selects = tables.map(
    (entry) =>
      `SELECT c.id AS company, '${entry.table}' AS tbl, (SELECT count(*) FROM "${entry.table}" t WHERE ${entry.condition.replaceAll('$1', 'c.id')})::int AS n FROM companies c`,
  );
  await db.exec(`DROP TABLE IF EXISTS zz_counts; CREATE TABLE zz_counts AS ${selects.join(' UNION ALL ')}`);
  const rows = await db.query<{ company: number; tbl: string; n: number }>('SELECT * FROM zz_counts');
  await db.exec('DROP TABLE zz_counts');
  const found = new Map<number, Record<string, number>>();
  for (const row of rows) found.set(Number(row.company), { ...found.get(Number(row.company)), [row.tbl]: row.n });
  return found;
}

const sha256 = async (key: string, files: FileStorage = t.files) => {
  const body = await files.read(key);
  if (!body) return undefined;
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** Every structure's stored files (the file rows' keys), with their bytes' SHA-256. */
async function storedFiles({ db, files }: Platform = testPlatform()): Promise<Map<number, Map<string, string>>> {
  // Read as the tables' owner; ticket attachments name their structure through their ticket.
  await db.exec(`DROP TABLE IF EXISTS zz_keys; CREATE TABLE zz_keys AS
    SELECT company_id AS company, storage_key AS key FROM documents WHERE storage_key IS NOT NULL AND company_id IS NOT NULL
    UNION ALL SELECT k.company_id, a.storage_key FROM ticket_attachments a JOIN tickets k ON k.id = a.ticket_id
    UNION ALL SELECT company_id, archive_key FROM personal_data_requests WHERE archive_key IS NOT NULL
    UNION ALL SELECT b.company_id, r.row ->> 'storage_key' FROM recycle_bin b, jsonb_array_elements(b.rows) g(grp),
                     jsonb_array_elements(g.grp -> 'rows') r(row) WHERE r.row ->> 'storage_key' IS NOT NULL`);
  const rows = await db.query<{ company: number; key: string }>('SELECT * FROM zz_keys ORDER BY 1, 2');
  await db.exec('DROP TABLE zz_keys');
  const found = new Map<number, Map<string, string>>();
  for (const row of rows) {
    const company = Number(row.company);
    if (!found.has(company)) found.set(company, new Map());
    found.get(company)!.set(row.key, (await sha256(row.key, files)) ?? 'missing');
  }
  return found;
}

const exportOf = (id: number, as: 'superadmin' | 'admin' | 'contributor' = 'superadmin') =>
  t.app.inject({
    method: 'GET',
    url: `/api/companies/${id}/export`,
    headers: { authorization: `Bearer ${tokens[as]}` },
  });
const tokens: Record<string, string> = {};

describe.each(['local', 's3'] as const)('a structure’s data, whole, files in the %s store', (store) => {
  beforeAll(async () => {
    s3 = store === 's3' ? await startS3Server() : undefined;
    t = await createTestApp(s3 ? { config: { s3: s3.settings } } : {});
    // The seeded files are in the data folder: a bucket gets a copy, as `npm run storage:copy` makes it.
    if (s3) await copyFiles(new LocalFileStorage(t.dataDir), t.files, () => {});
    structure = t.users.admin.company!;
    for (const persona of ['superadmin', 'admin', 'contributor'] as const) tokens[persona] = await t.tokenFor(persona);
    tables = await runInScope(PLATFORM, () => t.appDb.transaction((tx) => structureTables(tx)));
    // A session of the structure's administrator (a refresh token), and a document in its recycle bin.
    const signIn = await t.request('POST', '/api/auth/token', {
      body: { login: t.users.admin.email, password: DEMO_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    for (const name of ['gardé.pdf', 'corbeille.pdf']) {
      const { payload, contentType } = multipartBody(
        { name, type: 'application/pdf', bytes: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`) },
        { context: 'course' },
      );
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/documents/upload',
        payload,
        headers: { 'content-type': contentType, authorization: `Bearer ${tokens.contributor}` },
      });
      expect(upload.statusCode, upload.body).toBe(201);
      if (name === 'corbeille.pdf')
        expect(
          (
            await t.request('DELETE', `/api/documents/${upload.json().id}`, {
              as: 'superadmin',
              headers: { 'x-structure': String(structure) },
            })
          ).status,
        ).toBe(204);
    }
    countsBefore = await counts();
    filesBefore = await storedFiles();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('is exported and deleted by platform staff only', async () => {
    expect((await exportOf(structure, 'admin')).statusCode).toBe(403);
    expect((await exportOf(structure, 'contributor')).statusCode).toBe(403);
    expect((await exportOf(999_999)).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/companies/${structure}`, { as: 'admin' })).status).toBe(403);
    expect((await t.request('DELETE', '/api/companies/999999', { as: 'superadmin' })).status).toBe(404);
  });

  it('exports every row of its own and its files, and nothing of another structure', async () => {
    const response = await exportOf(structure);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('attachment');
    expect(response.headers['cache-control']).toBe('private, no-store');
    archive = response.rawPayload;
    // Who took the structure's data, and when: in the audit log, which outlives the structure.
    expect(
      await t.db.query(
        `SELECT user_id, company_id FROM audit_log WHERE action = 'export-structure' AND resource = 'companies' AND record_id = $1`,
        [structure],
      ),
    ).toEqual([{ user_id: t.users.superadmin.id, company_id: structure }]);
    const zip = await JSZip.loadAsync(archive);
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
    expect(manifest).toMatchObject({ format: ARCHIVE_FORMAT, subject: { type: 'structure', id: structure } });
    const own = countsBefore.get(structure)!;
    expect(
      Object.fromEntries(manifest.kinds.map((kind: { table: string; rows: number }) => [kind.table, kind.rows])),
    ).toEqual(own);
    expect(own.users).toBeGreaterThan(0);
    expect(own.documents).toBeGreaterThan(0);
    expect(own.recycle_bin).toBeGreaterThan(0);

    const others = await t.db.query<{ email: string }>(
      'SELECT email FROM users WHERE company_id IS NOT NULL AND company_id <> $1',
      [structure],
    );
    expect(others.length).toBeGreaterThan(0);
    for (const kind of manifest.kinds) {
      const text = await zip.file(kind.json)!.async('string');
      const rows = JSON.parse(text) as Record<string, unknown>[];
      for (const row of rows)
        if ('company_id' in row) expect([kind.table, row.company_id]).toEqual([kind.table, structure]);
      for (const { email } of others) expect([kind.table, text.includes(email)]).toEqual([kind.table, false]);
    }
    // Every file its rows and its bin name, byte for byte.
    const expected = filesBefore.get(structure)!;
    expect(manifest.files.map((file: { key: string }) => file.key).sort()).toEqual([...expected.keys()].sort());
    for (const file of manifest.files) {
      const bytes = await zip.file(file.path)!.async('nodebuffer');
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(expected.get(file.key));
    }
  });

  it('deletes its rows, sessions and files, and nothing of another structure', async () => {
    const users = (await t.db.query<{ id: number }>('SELECT id FROM users WHERE company_id = $1', [structure])).map(
      (row) => Number(row.id),
    );
    expect(
      (await t.db.query('SELECT 1 FROM refresh_tokens WHERE user_id = ANY($1::int[])', [users])).length,
    ).toBeGreaterThan(0);
    expect((await t.request('DELETE', `/api/companies/${structure}`, { as: 'superadmin' })).status).toBe(204);
    await removeUnheldFiles(t.db, t.files);

    const after = await counts();
    expect(after.has(structure)).toBe(false);
    for (const [company, before] of countsBefore)
      if (company !== structure) expect([company, after.get(company)]).toEqual([company, before]);
    for (const entry of tables) {
      const left = await t.db.query(`SELECT 1 FROM "${entry.table}" t WHERE ${entry.condition} LIMIT 1`, [structure]);
      expect([entry.table, left.length]).toEqual([entry.table, 0]);
    }
    expect(await t.db.query('SELECT 1 FROM live_events WHERE company_id = $1', [structure])).toEqual([]);
    for (const table of ['refresh_tokens', 'session_carries', 'auth_codes', 'live_streams', 'write_budgets'])
      expect([
        table,
        (await t.db.query(`SELECT 1 FROM ${table} WHERE user_id = ANY($1::int[])`, [users])).length,
      ]).toEqual([table, 0]);
    for (const key of filesBefore.get(structure)!.keys())
      expect([key, await t.files.size(key)]).toEqual([key, undefined]);
    for (const [company, files] of filesBefore)
      if (company !== structure) for (const [key, hash] of files) expect([key, await sha256(key)]).toEqual([key, hash]);
    expect(
      (
        await t.db.query(`SELECT action FROM audit_log WHERE resource = 'companies' AND record_id = $1 ORDER BY id`, [
          structure,
        ])
      ).map((row) => (row as { action: string }).action),
    ).toEqual(expect.arrayContaining(['export-structure', 'delete']));
    // Its people's tokens are refused from now on.
    expect((await t.request('GET', '/api/users', { as: 'admin' })).status).toBe(401);
  });

  it('re-imports into a database without it, with the same counts and bytes', async () => {
    const done = await importStructure(t.appDb, t.files, archive);
    expect(done.structure).toBe(structure);
    // Everything its rows reference is here: nothing is left out.
    expect(done.leftOut).toEqual({});
    const after = await counts();
    expect(after).toEqual(countsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
    // Ids are taken past the imported ones: a new row of the structure gets one of its own.
    const created = await t.request('POST', '/api/tags', { as: 'admin', body: { name: 'Après l’import' } });
    expect([created.status, created.body]).toEqual([201, expect.anything()]);
    await expect(importStructure(t.appDb, t.files, archive)).rejects.toThrow(/existe déjà/);
  });

  it('loads into an empty platform, a new installation, where its people sign in and find their rows', async () => {
    const empty = await openEmptyPlatform();
    try {
      const done = await importStructure(empty.appDb, empty.files, archive);
      expect(done.structure).toBe(structure);
      // Only what hangs on the platform's own rows, which a new installation lacks, stays out (a course's
      // link to a skill of the platform's catalogue): never one of its people, courses or documents.
      for (const table of ['companies', 'users', 'courses', 'chapters', 'documents', 'tickets'])
        expect([table, done.leftOut[table]]).toEqual([table, undefined]);
      const there = await counts(empty);
      expect([...there.keys()]).toEqual([structure]);
      expect(there.get(structure)).toEqual(
        Object.fromEntries(
          Object.entries(countsBefore.get(structure)!).map(([table, n]) => [table, n - (done.leftOut[table] ?? 0)]),
        ),
      );
      expect((await storedFiles(empty)).get(structure)).toEqual(filesBefore.get(structure));

      const config: Config = { ...loadConfig({}), dataDir: empty.dataDir, seed: 'none', jwtSecret: 'x'.repeat(48) };
      const { app } = await buildApp(config, empty.appDb, { serveApp: false, logger: false, files: empty.files });
      try {
        const signIn = await app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { login: t.users.admin.email, password: DEMO_PASSWORD },
        });
        expect(signIn.statusCode, signIn.body).toBe(200);
        const people = await app.inject({
          method: 'GET',
          url: '/api/users',
          headers: { authorization: `Bearer ${signIn.json().token}`, accept: 'application/ld+json' },
        });
        expect(people.statusCode, people.body).toBe(200);
        expect(people.json()['hydra:totalItems']).toBe(countsBefore.get(structure)!.users);
      } finally {
        await app.close();
      }
    } finally {
      await empty.close();
    }
  }, 120_000);

  it('refuses an archive of another format or version', async () => {
    const zip = await JSZip.loadAsync(archive);
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
    zip.file(
      'manifest.json',
      JSON.stringify({ ...manifest, version: manifest.version + 1, subject: { ...manifest.subject, id: 999_998 } }),
    );
    await expect(importStructure(t.appDb, t.files, await zip.generateAsync({ type: 'nodebuffer' }))).rejects.toThrow(
      /Format d’archive inconnu/,
    );
  });
});
