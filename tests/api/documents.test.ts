import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/** Uploads: size limit, allow-list, content sniff, exact download, delete removing the file. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { uploadMaxMb: 1 } });
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f4e3350000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function upload(
  url: string,
  file: { name: string; type: string; bytes: Buffer },
  options: { as?: 'superadmin' | 'contributor' | null; fields?: Record<string, string> } = {},
) {
  const { payload, contentType } = multipartBody(file, options.fields);
  const as = options.as === undefined ? 'contributor' : options.as;
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(as ? { authorization: `Bearer ${await t.tokenFor(as)}` } : {}) },
  });
  return { status: response.statusCode, json: response.json() };
}

describe('document upload', () => {
  it('stores the file, answers 201 with the document, and downloads the same bytes', async () => {
    const created = await upload(
      '/api/documents/upload',
      { name: 'schéma été.png', type: 'image/png', bytes: PNG },
      { fields: { context: 'course' } },
    );
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: 'schéma été.png',
      mimeType: 'image/png',
      size: PNG.length,
      context: 'course',
    });
    const download = await t.app.inject({
      url: `/api/documents/${created.json.id}/download`,
      headers: { authorization: `Bearer ${await t.tokenFor('contributor')}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''sch%C3%A9ma%20%C3%A9t%C3%A9.png");
    expect(Buffer.compare(download.rawPayload, PNG)).toBe(0);
  });

  it('keeps only the base name of a path-like file name', async () => {
    const created = await upload('/api/documents/upload', {
      name: '../../etc/rapport.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    expect(created.status).toBe(201);
    expect(created.json.name).toBe('rapport.pdf');
  });

  it('refuses a file over UPLOAD_MAX_MB with 413', async () => {
    const big = await upload('/api/documents/upload', {
      name: 'gros.txt',
      type: 'text/plain',
      bytes: Buffer.alloc(1024 * 1024 + 10, 'a'),
    });
    expect(big.status).toBe(413);
  });

  it('refuses a type outside the allow-list with 415', async () => {
    const exe = await upload('/api/documents/upload', {
      name: 'outil.exe',
      type: 'application/x-msdownload',
      bytes: Buffer.from('MZ\x90\x00'),
    });
    expect(exe.status).toBe(415);
  });

  it('refuses a file whose content lies about its type with 415', async () => {
    const lie = await upload('/api/documents/upload', {
      name: 'photo.png',
      type: 'image/png',
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect(lie.status).toBe(415);
    const pdfLie = await upload('/api/documents/upload', { name: 'doc.pdf', type: 'application/pdf', bytes: PNG });
    expect(pdfLie.status).toBe(415);
  });

  it('answers 422 on "file" when no file is sent', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: Buffer.from('------b\r\nContent-Disposition: form-data; name="context"\r\n\r\nx\r\n------b--\r\n'),
      headers: {
        'content-type': 'multipart/form-data; boundary=----b',
        authorization: `Bearer ${await t.tokenFor('contributor')}`,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations[0].propertyPath).toBe('file');
  });

  it('needs a session', async () => {
    expect(
      (
        await upload(
          '/api/documents/upload',
          { name: 'a.txt', type: 'text/plain', bytes: Buffer.from('x') },
          { as: null },
        )
      ).status,
    ).toBe(401);
  });
});

describe('public upload', () => {
  it('accepts an allowed context without a session, and keeps that context', async () => {
    const created = await upload(
      '/api/public/documents/onboarding/upload',
      { name: 'kbis.pdf', type: 'application/pdf', bytes: PDF },
      { as: null, fields: { context: 'admin' } },
    );
    expect(created.status).toBe(201);
    expect(created.json.context).toBe('onboarding');
    expect(created.json.owner).toBeNull();
  });

  it('answers 404 for a context outside the allow-list', async () => {
    expect(
      (
        await upload(
          '/api/public/documents/secret/upload',
          { name: 'a.txt', type: 'text/plain', bytes: Buffer.from('x') },
          { as: null },
        )
      ).status,
    ).toBe(404);
  });
});

describe('document delete', () => {
  it('removes the row, keeping the file in the recycle bin until the bin erases it', async () => {
    const created = await upload('/api/documents/upload', {
      name: 'note.txt',
      type: 'text/plain',
      bytes: Buffer.from('Bonjour à tous'),
    });
    const [row] = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM documents WHERE id = $1', [
      created.json.id,
    ]);
    const path = join(t.dataDir, 'files', row.storage_key);
    expect(existsSync(path)).toBe(true);
    expect((await t.request('DELETE', `/api/documents/${created.json.id}`, { as: 'contributor' })).status).toBe(403);
    expect((await t.request('DELETE', `/api/documents/${created.json.id}`, { as: 'superadmin' })).status).toBe(204);
    expect((await t.request('GET', `/api/documents/${created.json.id}`, { as: 'superadmin' })).status).toBe(404);
    expect(existsSync(path)).toBe(true);
    const [binned] = await t.db.query<{ id: number }>(
      `SELECT id FROM recycle_bin WHERE resource = 'documents' AND record_id = $1`,
      [created.json.id],
    );
    expect((await t.request('DELETE', `/api/recycle-bin/${binned.id}`, { as: 'superadmin' })).status).toBe(204);
    expect(existsSync(path)).toBe(false);
  });

  it('is refused while a chapter part names the document in its content, and the file stays', async () => {
    const created = await upload(
      '/api/documents/upload',
      { name: 'schema.png', type: 'image/png', bytes: PNG },
      { fields: { context: 'chapter_part' } },
    );
    const [part] = await t.db.query<{ id: number }>('SELECT id FROM chapter_parts ORDER BY id LIMIT 1');
    await t.db.query(`UPDATE chapter_parts SET type = 'image', content = $2 WHERE id = $1`, [
      part.id,
      JSON.stringify({ document: `/api/documents/${created.json.id}`, alt: 'Schéma' }),
    ]);
    const refused = await t.request('DELETE', `/api/documents/${created.json.id}`, { as: 'superadmin' });
    expect(refused.status).toBe(409);
    expect(refused.json.reason).toBe('referenced');
    expect((await t.request('GET', `/api/documents/${created.json.id}/download`, { as: 'superadmin' })).status).toBe(
      200,
    );
  });
});
