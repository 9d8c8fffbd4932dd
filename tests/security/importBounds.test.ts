import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_BYTES_PER_WRITE } from '../../src/domain/copies.ts';
import { LocalFileStorage } from '../../server/storage/localFiles.ts';
import { multipartBody } from '../api/support/multipart.ts';
import { createTestApp, type Persona, type TestApp } from '../api/support/testApp.ts';
import { courseZip } from '../support/courseZips.ts';
import { zenXmind, SAMPLE_MAP } from '../support/xmindFixtures.ts';

/**
 * A course import is bounded as uploads are (docs/SECURITY.md): each file of the zip unpacks to at most
 * UPLOAD_MAX_MB and the whole archive to at most COURSE_IMPORT_MAX_MB, counted as it unpacks whatever the
 * zip declares; one entry named by several documents is refused before it is unpacked; what it stores is
 * paid for by its bytes; and one process runs at most IMPORTS_AT_ONCE imports, a 429 beyond. A refused
 * import leaves no file behind.
 */
const MIB = 1024 * 1024;
const UPLOAD_MAX_MB = 2;
const COURSE_IMPORT_MAX_MB = 5;
const UNDER_CAP = UPLOAD_MAX_MB * MIB - 64 * 1024;

async function storedFiles(t: TestApp): Promise<string[]> {
  const root = join(t.config.dataDir, 'files');
  const found = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return found.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function imported(t: TestApp, bytes: Buffer, as: Persona = 'contributor') {
  const { payload, contentType } = multipartBody({ name: 'cours.zip', type: 'application/zip', bytes });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/courses/import',
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${await t.tokenFor(as)}` },
  });
  return { status: response.statusCode, json: response.json(), body: response.body, headers: response.headers };
}

const counts = async (t: TestApp) =>
  (
    await t.db.query<{ courses: number; documents: number }>(
      'SELECT (SELECT count(*) FROM courses)::int AS courses, (SELECT count(*) FROM documents)::int AS documents',
    )
  )[0];

describe('course imports: unpacked bounds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { uploadMaxMb: UPLOAD_MAX_MB, courseImportMaxMb: COURSE_IMPORT_MAX_MB } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops a zip bomb entry at the upload limit, whatever size its headers declare, and keeps nothing', async () => {
    // 256 MiB of zeros in a quarter of a megabyte, its headers claiming a kilobyte.
    const bomb = await courseZip(['files/d1'], [{ name: 'files/d1', size: 256 * MIB, declaredSize: 1024 }]);
    expect(bomb.length).toBeLessThan(MIB);
    const before = await counts(t);
    const files = await storedFiles(t);
    const started = Date.now();
    const refused = await imported(t, bomb);
    expect(refused.status, refused.body).toBe(422);
    expect(refused.json.violations).toEqual([
      {
        propertyPath: 'files/d1',
        code: 'too_large',
        message: `Le fichier est trop volumineux : « files/d1 » décompressé dépasse ${UPLOAD_MAX_MB} Mo.`,
      },
    ]);
    // Unpacking 256 MiB takes seconds; stopping at 2 MiB takes milliseconds.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await counts(t)).toEqual(before);
    expect(await storedFiles(t)).toEqual(files);
  });

  it('stops the archive at its total, each file under the upload limit, and removes what it stored', async () => {
    const names = ['files/d1', 'files/d2', 'files/d3', 'files/d4'];
    const zip = await courseZip(
      names,
      names.map((name) => ({ name, size: UNDER_CAP })),
    );
    const before = await counts(t);
    const files = await storedFiles(t);
    const refused = await imported(t, zip);
    expect(refused.status, refused.body).toBe(422);
    expect(refused.json.violations).toEqual([
      {
        propertyPath: 'file',
        code: 'too_large',
        message: `Le fichier est trop volumineux : l'archive décompressée dépasse ${COURSE_IMPORT_MAX_MB} Mo.`,
      },
    ]);
    expect(await counts(t)).toEqual(before);
    expect(await storedFiles(t)).toEqual(files);
  });

  it('refuses one entry named by several documents before unpacking it', async () => {
    const zip = await courseZip(Array(12).fill('files/d1'), [{ name: 'files/d1', size: UNDER_CAP }]);
    const before = await counts(t);
    const files = await storedFiles(t);
    const refused = await imported(t, zip);
    expect(refused.status, refused.body).toBe(422);
    expect(refused.json.violations).toHaveLength(11);
    expect(refused.json.violations[0]).toEqual({
      propertyPath: 'documents[1].file',
      code: 'duplicate_reference',
      message: 'Référence en double : « files/d1 ».',
    });
    expect(await counts(t)).toEqual(before);
    expect(await storedFiles(t)).toEqual(files);
  });

  it('refuses a zip whose directory names one entry’s bytes under many names, before unpacking them', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `files/d${index + 1}`);
    const zip = await courseZip(
      names,
      [{ name: 'files/d1', size: UNDER_CAP }],
      names.slice(1).map((name) => ({ name, of: 'files/d1' })),
    );
    const before = await counts(t);
    const files = await storedFiles(t);
    const refused = await imported(t, zip);
    expect(refused.status, refused.body).toBe(422);
    expect(refused.json.violations).toEqual([
      { propertyPath: 'file', code: 'not_a_zip', message: "Le fichier n'est pas une archive zip lisible." },
    ]);
    expect(await counts(t)).toEqual(before);
    expect(await storedFiles(t)).toEqual(files);
  });

  it('still imports files just under both bounds', async () => {
    const names = ['files/d1', 'files/d2'];
    const created = await imported(
      t,
      await courseZip(
        names,
        names.map((name) => ({ name, size: UNDER_CAP })),
      ),
    );
    expect(created.status, created.body).toBe(201);
    const sizes = await t.db.query<{ size: number }>(
      'SELECT size::int FROM documents WHERE owner_id = $1 ORDER BY id DESC LIMIT 2',
      [t.users.contributor.id],
    );
    expect(sizes).toEqual([{ size: UNDER_CAP }, { size: UNDER_CAP }]);
  });
});

describe('course imports: paid by the bytes they store', () => {
  let t: TestApp;
  const BURST = 9;
  beforeAll(async () => {
    // One write back an hour: what an import spends stays spent for the test's length.
    t = await createTestApp({
      config: {
        uploadMaxMb: UPLOAD_MAX_MB,
        courseImportMaxMb: COURSE_IMPORT_MAX_MB,
        writeBudget: { burst: BURST, perHour: 1 },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const owed = async () =>
    Number(
      (
        await t.db.query<{ seconds: number }>(
          `SELECT coalesce(extract(epoch FROM max(paid_until) - now()), 0)::float8 AS seconds FROM write_budgets WHERE user_id = $1`,
          [t.users.contributor.id],
        )
      )[0].seconds,
    ) / 3600;

  it('spends a write a mebibyte stored, and refuses with a 429 the import the budget cannot pay, keeping nothing', async () => {
    const names = ['files/d1', 'files/d2'];
    const zip = await courseZip(
      names,
      names.map((name) => ({ name, size: UNDER_CAP })),
    );
    const before = await owed();
    const first = await imported(t, zip);
    expect(first.status, first.body).toBe(201);
    // The request itself, then each file's bytes: two files of just under 2 MiB.
    const perFile = Math.ceil(UNDER_CAP / IMPORT_BYTES_PER_WRITE);
    expect(await owed()).toBeGreaterThan(before + 1 + 2 * perFile - 0.5);
    const counted = await counts(t);
    const files = await storedFiles(t);
    const second = await imported(t, zip);
    expect(second.status, second.body).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
    expect(await counts(t)).toEqual(counted);
    expect(await storedFiles(t)).toEqual(files);
  });
});

describe('imports at once, per process', () => {
  let t: TestApp;
  let hold: Promise<void> | undefined;
  let writing: () => void = () => {};
  let release: () => void = () => {};
  let storeDir = '';

  beforeAll(async () => {
    // A store whose writes wait while `hold` is set: an import stays in progress as long as the test wants.
    storeDir = await mkdtemp(join(tmpdir(), 'import-slots-'));
    const store = new LocalFileStorage(storeDir);
    const write = store.write.bind(store);
    store.write = async (key: string, body: Readable | Buffer) => {
      if (hold) {
        writing();
        await hold;
      }
      return write(key, body);
    };
    t = await createTestApp({ config: { uploadMaxMb: UPLOAD_MAX_MB, importsAtOnce: 1 }, files: store });
  });
  afterAll(async () => {
    release();
    await t?.close();
    await rm(storeDir, { recursive: true, force: true });
  });

  it('refuses a second import with a 429 in French while one runs, course or XMind, and takes it afterwards', async () => {
    const zip = await courseZip(['files/d1'], [{ name: 'files/d1', size: 1024 }]);
    hold = new Promise((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => (writing = resolve));
    const first = imported(t, zip);
    await started;
    hold = undefined;
    const second = await imported(t, zip);
    expect(second.status, second.body).toBe(429);
    expect(second.headers['retry-after']).toBe('5');
    expect(second.json.detail).toMatch(/^Trop d'imports sont en cours sur ce serveur/);
    const { payload, contentType } = multipartBody({
      name: 'carte.xmind',
      type: 'application/vnd.xmind.workbook',
      bytes: await zenXmind(SAMPLE_MAP),
    });
    const map = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${await t.tokenFor('superadmin')}` },
    });
    expect(map.statusCode, map.body).toBe(429);
    release();
    expect((await first).status).toBe(201);
    expect((await imported(t, zip)).status).toBe(201);
  });
});
