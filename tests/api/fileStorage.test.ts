import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepAnonymousUploads } from '../../server/routes/documents.ts';
import { STORAGE_FRESH_MS } from '../../server/routes/health.ts';
import { S3FileStorage } from '../../server/storage/s3Files.ts';
import { startS3Server, type S3StandIn } from '../support/s3Server.ts';
import { multipartBody, type UploadedFile } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Uploaded files through each backend of the file store: the local folder and an S3-compatible object
 * store (s3rver, a local server speaking the S3 protocol, signatures checked). The same API, byte for byte:
 * upload, download with its headers, byte ranges, HEAD, refusals that leave nothing behind, delete, the
 * sweep of anonymous uploads; then what only the object store has: `npm run storage:copy` and readiness.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

/** An MP4 file's first bytes (what the content check looks for), then 300 kB: big enough to seek in. */
const VIDEO = Buffer.concat([
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
  Buffer.alloc(300_000, 0x2a),
]);
VIDEO.write('fin du fichier', VIDEO.length - 14);

interface Backend {
  t: TestApp;
  /** Every key the store holds. */
  storedKeys(): Promise<string[]>;
  close(): Promise<void>;
}

async function localKeys(t: TestApp): Promise<string[]> {
  const folder = join(t.dataDir, 'files');
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

const LIMITS = { perAddressPerDay: 20, perHour: 60, ttl: 3600 };

const backends: Record<'local' | 's3', () => Promise<Backend>> = {
  async local() {
    const t = await createTestApp({ config: { uploadMaxMb: 1, publicUploads: LIMITS } });
    return { t, storedKeys: () => localKeys(t), close: () => t.close() };
  },
  async s3() {
    const s3 = await startS3Server();
    const t = await createTestApp({ config: { uploadMaxMb: 1, publicUploads: LIMITS, s3: s3.settings } });
    return {
      t,
      storedKeys: () => s3.objectKeys(),
      close: async () => {
        await t.close();
        await s3.stop();
      },
    };
  },
};

describe.each(['local', 's3'] as const)('documents kept in the %s file store', (kind) => {
  let backend: Backend;
  let t: TestApp;
  beforeAll(async () => {
    backend = await backends[kind]();
    t = backend.t;
  });
  afterAll(async () => {
    await backend?.close();
  });

  async function upload(file: UploadedFile, as: 'contributor' | null = 'contributor') {
    const { payload, contentType } = multipartBody(file);
    const response = await t.app.inject({
      method: 'POST',
      url: as ? '/api/documents/upload' : '/api/public/documents/support/upload',
      payload,
      headers: { 'content-type': contentType, ...(as ? { authorization: `Bearer ${await t.tokenFor(as)}` } : {}) },
    });
    return { status: response.statusCode, json: response.json() };
  }

  async function download(id: number, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
    return t.app.inject({
      method,
      url: `/api/documents/${id}/download`,
      headers: { authorization: `Bearer ${await t.tokenFor('contributor')}`, ...headers },
    });
  }

  async function storageKeyOf(id: number): Promise<string> {
    const [row] = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM documents WHERE id = $1', [id]);
    return row.storage_key;
  }

  let video: number;

  it('keeps an upload in the store under a key of the server, and downloads the same bytes with the usual headers', async () => {
    const created = await upload({ name: 'démo vidéo.mp4', type: 'video/mp4', bytes: VIDEO });
    expect(created.status).toBe(201);
    video = created.json.id;
    const key = await storageKeyOf(video);
    expect(key).toMatch(/^\d{4}-\d{2}\/[0-9a-f-]{36}\.mp4$/);
    expect(await backend.storedKeys()).toContain(key);
    expect(await t.files.size(key)).toBe(VIDEO.length);

    const response = await download(video);
    expect(response.statusCode).toBe(200);
    expect(Buffer.compare(response.rawPayload, VIDEO)).toBe(0);
    expect(response.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(VIDEO.length),
      'content-disposition': `attachment; filename="demo video.mp4"; filename*=UTF-8''d%C3%A9mo%20vid%C3%A9o.mp4`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'accept-ranges': 'bytes',
    });
  });

  it('serves one byte range as a 206, and the whole file for what it does not serve', async () => {
    const size = VIDEO.length;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=150000-', 150_000, size - 1],
      ['bytes=-14', size - 14, size - 1],
      ['bytes=299990-999999999', 299_990, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await download(video, { range });
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers['content-length'], range).toBe(String(end - start + 1));
      expect(Buffer.compare(response.rawPayload, VIDEO.subarray(start, end + 1)), range).toBe(0);
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }
    expect(await download(video, { range: 'bytes=-14' }).then((response) => response.rawPayload.toString())).toBe(
      'fin du fichier',
    );

    const served: Record<string, string>[] = [
      { range: 'bytes=0-1,5-6' },
      { range: 'items=0-1' },
      { range: 'bytes=9-2' },
      { range: 'bytes=0-9', 'if-range': '"x"' },
    ];
    for (const whole of served) {
      const response = await download(video, whole);
      expect(response.statusCode, JSON.stringify(whole)).toBe(200);
      expect(response.rawPayload.length).toBe(size);
    }

    const beyond = await download(video, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('answers a HEAD with the headers only', async () => {
    const response = await download(video, {}, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(VIDEO.length));
    expect(response.rawPayload.length).toBe(0);
  });

  it('leaves nothing in the store for a refused upload', async () => {
    const before = await backend.storedKeys();
    expect(
      (await upload({ name: 'faux.png', type: 'image/png', bytes: Buffer.from('<html>pas une image</html>') })).status,
    ).toBe(415);
    expect(
      (await upload({ name: 'gros.mp4', type: 'video/mp4', bytes: Buffer.concat([VIDEO, Buffer.alloc(1024 * 1024)]) }))
        .status,
    ).toBe(413);
    expect(await backend.storedKeys()).toEqual(before);
  });

  it('answers 404 for a document whose file is not in the store', async () => {
    const created = await upload({ name: 'note.txt', type: 'text/plain', bytes: Buffer.from('Bonjour') });
    await t.files.remove(await storageKeyOf(created.json.id));
    const response = await download(created.json.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(`Document ${created.json.id} has no file.`);
    expect((await download(created.json.id, {}, 'HEAD')).statusCode).toBe(404);
  });

  it('keeps a deleted document’s file in the recycle bin, and removes it when the bin erases it', async () => {
    const created = await upload({ name: 'a-supprimer.txt', type: 'text/plain', bytes: Buffer.from('à supprimer') });
    const key = await storageKeyOf(created.json.id);
    expect(await backend.storedKeys()).toContain(key);
    expect((await t.request('DELETE', `/api/documents/${created.json.id}`, { as: 'superadmin' })).status).toBe(204);
    expect(await backend.storedKeys()).toContain(key);
    const [binned] = await t.db.query<{ id: number }>(
      `SELECT id FROM recycle_bin WHERE resource = 'documents' AND record_id = $1`,
      [created.json.id],
    );
    expect((await t.request('DELETE', `/api/recycle-bin/${binned.id}`, { as: 'superadmin' })).status).toBe(204);
    expect(await backend.storedKeys()).not.toContain(key);
    expect(await t.files.size(key)).toBeUndefined();
  });

  it('sweeps an old anonymous upload with its file, and keeps a recent one', async () => {
    const old = await upload({ name: 'ancien.txt', type: 'text/plain', bytes: Buffer.from('ancien') }, null);
    const recent = await upload({ name: 'recent.txt', type: 'text/plain', bytes: Buffer.from('récent') }, null);
    expect([old.status, recent.status]).toEqual([201, 201]);
    const [oldKey, recentKey] = [await storageKeyOf(old.json.id), await storageKeyOf(recent.json.id)];
    await t.db.query(`UPDATE documents SET created_at = now() - interval '2 hours' WHERE id = $1`, [old.json.id]);
    expect(await sweepAnonymousUploads(t.db, t.files, LIMITS.ttl)).toBe(1);
    const keys = await backend.storedKeys();
    expect(keys).not.toContain(oldKey);
    expect(keys).toContain(recentKey);
  });
});

function run(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('the object store only', () => {
  let s3: S3StandIn;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ config: { s3: s3.settings } });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('storage:copy copies a data folder’s files into the bucket, then only what is missing', async () => {
    const local = await localKeys(t);
    expect(local.length).toBeGreaterThan(10);
    const [demo] = await t.db.query<{ id: number; storage_key: string }>(
      `SELECT id, storage_key FROM documents WHERE storage_key LIKE 'demo/%' ORDER BY id LIMIT 1`,
    );
    expect((await t.request('GET', `/api/documents/${demo.id}/download`, { as: 'superadmin' })).status).toBe(404);

    const first = await run('server/storageCopyCli.ts', ['--from', t.dataDir], s3.env);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(`${local.length} fichier(s) copié(s)`);
    expect(first.output).toContain(`copié   ${demo.storage_key}`);
    expect(await s3.objectKeys()).toEqual(expect.arrayContaining(local));

    const served = await t.app.inject({
      url: `/api/documents/${demo.id}/download`,
      headers: { authorization: `Bearer ${await t.tokenFor('superadmin')}` },
    });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, await readFile(join(t.dataDir, 'files', demo.storage_key)))).toBe(0);

    await t.files.remove(demo.storage_key);
    const again = await run('server/storageCopyCli.ts', ['--from', t.dataDir], s3.env);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain(`1 fichier(s) copié(s)`);
    expect(again.output).toContain(`${local.length - 1} déjà présent(s)`);
  });

  it('storage:copy refuses to run without a bucket', async () => {
    const refused = await run('server/storageCopyCli.ts', [], { DATA_DIR: t.dataDir, S3_BUCKET: '', S3_ENDPOINT: '' });
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('S3_BUCKET');
  });

  it('checks the bucket with the server’s own rights: wrong credentials are not ready', async () => {
    const wrong = new S3FileStorage({
      ...s3.settings,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'not-the-secret' },
    });
    try {
      await expect(wrong.check()).rejects.toThrow();
    } finally {
      await wrong.close();
    }
    await expect(t.files.check()).resolves.toBeUndefined();
  });

  it('leaves unfinished multipart uploads to the bucket’s lifecycle rule when the store does not list them', async () => {
    // The stand-in answers ListMultipartUploads with a 501, as a store without the feature would: the
    // periodic sweep then removes nothing and does not fail.
    await expect(t.files.sweepPartial(new Date())).resolves.toBe(0);
  });

  it('is not ready while the object store is down', async () => {
    expect((await t.request('GET', '/api/health/ready')).status).toBe(200);
    await s3.stop();
    const stopped = Date.now();
    // Once the last success is older than STORAGE_FRESH_MS, the store is asked again, and does not answer.
    await expect
      .poll(async () => (await t.request('GET', '/api/health/ready')).json, {
        timeout: STORAGE_FRESH_MS + 8_000,
        interval: 250,
      })
      .toEqual({ status: 'unavailable', database: 'ok', storage: 'unreachable' });
    expect(Date.now() - stopped).toBeLessThan(STORAGE_FRESH_MS + 5_000);
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });
});
