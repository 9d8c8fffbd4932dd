import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * What travels: the built app's files compressed at build time and cached for good under their hashed
 * names, its entry page revalidated, the API's answers compressed on the fly and kept by no cache, the
 * live stream and the file downloads sent as they are.
 */

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"ligne ${i}"`).join(', ')}];\n`;
const INDEX_HTML = `<!doctype html><html lang="fr"><head><meta name="description" content="Back-office"><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'wire-dist-'));
  await mkdir(join(distDir, 'assets'));
  const script = join(distDir, 'assets', 'index-abc123.js');
  await writeFile(script, SCRIPT);
  // Different bytes from what the server would make on the fly: the test knows which one was sent.
  await writeFile(`${script}.br`, brotliCompressSync(`${SCRIPT}// br\n`));
  await writeFile(`${script}.gz`, gzipSync(`${SCRIPT}// gz\n`));
  await writeFile(join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(join(distDir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  await writeFile(join(distDir, 'index.html.gz'), gzipSync(INDEX_HTML));
  t = await createTestApp({ serveApp: true, config: { distDir } });
});

afterAll(async () => {
  await t?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('a hashed file of the build', () => {
  const url = '/assets/index-abc123.js';

  it('goes as brotli to a browser that takes it, cached for a year', async () => {
    const response = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`${SCRIPT}// br\n`);
  });

  it('goes as gzip to a client that takes only gzip', async () => {
    const response = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(response.rawPayload).toString()).toBe(`${SCRIPT}// gz\n`);
  });

  it('goes as it is to a client that takes neither', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await t.app.inject({ url, headers });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.body).toBe(SCRIPT);
    }
  });
});

describe('the entry page', () => {
  it.each([
    ['at /', '/'],
    ['as the fallback of an app route', '/courses/3/show'],
  ])('is revalidated on every load %s, with an ETag', async (_label, url) => {
    const first = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(INDEX_HTML);
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('is sent whole to a client that takes no compression', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(INDEX_HTML);
  });
});

describe('robots.txt', () => {
  it('keeps search engines out of a back-office', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('User-agent: *\nDisallow: /\n');
  });
});

describe('the API', () => {
  it('compresses a list and lets no cache keep it', async () => {
    const token = await t.tokenFor('admin');
    const response = await t.app.inject({
      url: '/api/users?itemsPerPage=30',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-store');
    const list = JSON.parse(brotliDecompressSync(response.rawPayload).toString());
    expect(list['hydra:member'].length).toBeGreaterThan(1);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(list).length / 2);
  });

  it('compresses with gzip for a client without brotli, and not at all for one without either', async () => {
    const token = await t.tokenFor('admin');
    const gz = await t.app.inject({
      url: '/api/users',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())['hydra:member'].length).toBeGreaterThan(1);
    const plain = await t.app.inject({ url: '/api/users', headers: { authorization: `Bearer ${token}` } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.json()['hydra:member'].length).toBeGreaterThan(1);
  });

  it('sends a small answer as it is, and its errors uncached too', async () => {
    const health = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ url: '/api/courses' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('never compresses the live stream', async () => {
    const token = await t.tokenFor('admin');
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/events/ticket',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ticket.statusCode).toBe(200);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    try {
      const stream = await fetch(`${address}/api/events?ticket=${encodeURIComponent(ticket.json().ticket)}`, {
        headers: { 'accept-encoding': 'br, gzip' },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('content-encoding')).toBeNull();
      const reader = stream.body!.getReader();
      const { value } = await reader.read();
      expect(new TextDecoder().decode(value)).toMatch(/^retry: \d+/);
    } finally {
      controller.abort();
    }
  });
});

describe('a download of a stored file', () => {
  let url: string;
  let authorization: string;
  const text = `${'Compte rendu de la formation.\n'.repeat(200)}`;

  beforeAll(async () => {
    const boundary = '----wire-test-boundary';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
    );
    authorization = `Bearer ${await t.tokenFor('contributor')}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload,
      headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(created.statusCode).toBe(201);
    url = `/api/documents/${created.json().id}/download`;
  });

  it('goes as stored, kept by the browser alone', async () => {
    const response = await t.app.inject({ url, headers: { authorization, 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(text)));
    expect(response.body).toBe(text);
  });

  it('still answers a range with its 206, and a HEAD with the size', async () => {
    const range = await t.app.inject({
      url,
      headers: { authorization, 'accept-encoding': 'br, gzip', range: 'bytes=0-9' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.headers['content-range']).toBe(`bytes 0-9/${Buffer.byteLength(text)}`);
    expect(range.body).toBe(text.slice(0, 10));
    const head = await t.app.inject({ method: 'HEAD', url, headers: { authorization, 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(text)));
  });
});
