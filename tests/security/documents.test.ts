import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sweepAnonymousUploads } from '../../server/routes/documents.ts';
import { LocalFileStorage } from '../../server/storage/localFiles.ts';
import { createTestApp, type Persona, type TestApp } from '../api/support/testApp.ts';

/**
 * As docs/SECURITY.md has it: who reads which documents, the caps on anonymous uploads and the
 * sweep of those never attached, and error reports that name only the token's user.
 */
let t: TestApp;
/** A second contributor, to check that one contributor's private files stay theirs. */
let otherContributor: { id: number; token: string };

const LIMITS = { perAddressPerDay: 2, perHour: 6, ttl: 3600 };

beforeAll(async () => {
  t = await createTestApp({ config: { publicUploads: LIMITS } });
  const [other] = await t.db.query<{ id: number; email: string; company_id: number | null; session_version: number }>(
    // A colleague: another contributor of the same structure.
    `SELECT id, email, company_id, session_version FROM users WHERE roles = ARRAY['ROLE_USER'] AND enabled AND email <> $1 AND company_id = $2 ORDER BY id LIMIT 1`,
    [t.users.contributor.email, t.users.contributor.company],
  );
  const token = await t.tokens.sign({
    role: ['ROLE_USER'],
    company: other.company_id,
    employeeId: other.id,
    username: other.email,
    sid: randomUUID(),
    scope: 'full',
    sv: Number(other.session_version),
  });
  otherContributor = { id: other.id, token };
});
afterAll(async () => {
  await t?.close();
});
// Each test starts with the anonymous-upload caps untouched.
beforeEach(async () => {
  await t.db.query('DELETE FROM public_uploads');
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const TEXT = { name: 'note.txt', type: 'text/plain', bytes: Buffer.from('Confidentiel') };

interface Upload {
  as?: Persona | null;
  token?: string;
  address?: string;
  context?: string;
  file?: { name: string; type: string; bytes: Buffer };
}

/** A multipart upload: signed in (`as`/`token`, to /api/documents/upload) or anonymous (to the public route of `context`). */
async function upload({ as = null, token, address = '127.0.0.1', context, file = TEXT }: Upload) {
  const boundary = '----security-boundary-9Qx';
  const parts: Buffer[] = [];
  const signedIn = as !== null || token !== undefined;
  if (signedIn && context)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="context"\r\n\r\n${context}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const bearer = token ?? (as ? await t.tokenFor(as) : undefined);
  const response = await t.app.inject({
    method: 'POST',
    url: signedIn ? '/api/documents/upload' : `/api/public/documents/${context}/upload`,
    payload: Buffer.concat(parts),
    remoteAddress: address,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
  });
  return { status: response.statusCode, json: response.json(), headers: response.headers };
}

async function seededDocument(condition: string, params: unknown[] = []): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(
    `SELECT id FROM documents WHERE ${condition} ORDER BY id LIMIT 1`,
    params,
  );
  if (!row) throw new Error(`No seeded document where ${condition}`);
  return row.id;
}

/** What a contributor gets for one document: its item and its file. */
async function reads(id: number, as: { persona?: Persona; token?: string } = { persona: 'contributor' }) {
  const options = as.token ? { token: as.token } : { as: as.persona };
  const item = await t.request('GET', `/api/documents/${id}`, options);
  const file = await t.request('GET', `/api/documents/${id}/download`, options);
  return [item.status, file.status];
}

async function listed(
  query: string,
  as: Persona = 'contributor',
): Promise<{ id: number; context: string | null; owner: { id: number; name: string } | null }[]> {
  const response = await t.request('GET', `/api/documents?itemsPerPage=500&${query}`, {
    as,
    accept: 'application/json',
  });
  expect(response.status).toBe(200);
  return response.json;
}

describe('documents: who reads what', () => {
  it('keeps support attachments, onboarding files and learners’ answers from a contributor', async () => {
    const support = await upload({ context: 'support' });
    expect(support.status).toBe(201);
    const onboarding = await seededDocument(`context = 'onboarding'`);
    // A learner's answer of the contributor's own structure: their structure's admins read it, they do not.
    const answer = await seededDocument(`context = 'chapter_part_response' AND owner_id <> $1 AND company_id = $2`, [
      t.users.contributor.id,
      t.users.contributor.company,
    ]);
    for (const id of [support.json.id, onboarding, answer]) expect(await reads(id)).toEqual([404, 404]);
    expect(await reads(answer, { persona: 'admin' })).toEqual([200, 200]);
    // An anonymous upload is the platform's until something of a structure refers to it: its staff read it.
    expect(await reads(support.json.id, { persona: 'admin' })).toEqual([404, 404]);
    for (const id of [support.json.id, onboarding])
      expect(await reads(id, { persona: 'superadmin' })).toEqual([200, 200]);
    const ids = (await listed('')).map((document) => document.id);
    for (const id of [support.json.id, onboarding, answer]) expect(ids).not.toContain(id);
    expect(await listed('context=onboarding')).toEqual([]);
    expect((await listed('context=onboarding', 'superadmin')).length).toBeGreaterThan(0);
  });

  it('lets a contributor read course content and their own uploads, and nobody else’s private files', async () => {
    const me = t.users.contributor.id;
    const cover = await seededDocument(`context = 'course_cover' AND owner_id <> $1`, [t.users.contributor.id]);
    const illustration = await seededDocument(`context = 'chapter_part' AND owner_id <> $1`, [t.users.contributor.id]);
    const mine = await upload({ as: 'contributor' });
    const admins = await upload({ as: 'admin' });
    const colleagues = await upload({
      token: otherContributor.token,
      file: { name: 'brouillon.pdf', type: 'application/pdf', bytes: PDF },
    });
    expect([mine.status, admins.status, colleagues.status]).toEqual([201, 201, 201]);

    for (const id of [cover, illustration, mine.json.id]) expect(await reads(id)).toEqual([200, 200]);
    for (const id of [admins.json.id, colleagues.json.id]) expect(await reads(id)).toEqual([404, 404]);
    expect(await reads(colleagues.json.id, { token: otherContributor.token })).toEqual([200, 200]);

    const all = await listed('');
    expect(
      all.every(
        (document) => ['course_cover', 'chapter_part'].includes(document.context ?? '') || document.owner?.id === me,
      ),
    ).toBe(true);
    expect(all.map((document) => document.id)).toEqual(expect.arrayContaining([cover, illustration, mine.json.id]));
    // The admin's list holds what the contributor's leaves out.
    expect((await listed('', 'admin')).length).toBeGreaterThan(all.length);
  });

  it('does not let a contributor move a document into a context they read, nor take it over', async () => {
    const support = await upload({ context: 'support' });
    const put = await t.request('PUT', `/api/documents/${support.json.id}`, {
      as: 'contributor',
      body: { context: 'chapter_part', name: 'à moi.txt' },
    });
    expect(put.status).toBe(404);
    const [stored] = await t.db.query<{ context: string; name: string }>(
      'SELECT context, name FROM documents WHERE id = $1',
      [support.json.id],
    );
    expect(stored).toEqual({ context: 'support', name: 'note.txt' });
    expect(await reads(support.json.id)).toEqual([404, 404]);

    // Their own private upload: they rename it, but neither its context nor its owner is theirs to set.
    const mine = await upload({ as: 'contributor' });
    const own = await t.request('PUT', `/api/documents/${mine.json.id}`, {
      as: 'contributor',
      body: { name: 'renommé.txt', context: 'chapter_part', owner: `/api/users/${otherContributor.id}` },
    });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ name: 'renommé.txt', context: null, owner: { id: t.users.contributor.id } });
    expect(await reads(mine.json.id, { token: otherContributor.token })).toEqual([404, 404]);

    // An admin files documents.
    const filed = await t.request('PUT', `/api/documents/${mine.json.id}`, {
      as: 'admin',
      body: { context: 'chapter_part' },
    });
    expect(filed.json.context).toBe('chapter_part');
    expect(await reads(mine.json.id, { token: otherContributor.token })).toEqual([200, 200]);
  });
});

describe('anonymous uploads: caps', () => {
  it('accepts a few a day from one address, then answers 429 with Retry-After; another address goes on', async () => {
    const address = '192.0.2.10';
    // A refused file takes no slot.
    expect(
      (
        await upload({
          context: 'support',
          address,
          file: { name: 'a.exe', type: 'application/x-msdownload', bytes: Buffer.from('MZ') },
        })
      ).status,
    ).toBe(415);
    for (let i = 0; i < LIMITS.perAddressPerDay; i++)
      expect((await upload({ context: 'support', address })).status).toBe(201);
    const refused = await upload({ context: 'onboarding', address });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect((await upload({ context: 'support', address: '192.0.2.11' })).status).toBe(201);
  });

  it('counts one IPv6 /64 as one address', async () => {
    expect((await upload({ context: 'support', address: '2001:db8:1:2::1' })).status).toBe(201);
    expect((await upload({ context: 'support', address: '2001:db8:1:2:ab:cd:ef:1' })).status).toBe(201);
    expect((await upload({ context: 'support', address: '2001:db8:1:2::3' })).status).toBe(429);
    expect((await upload({ context: 'support', address: '2001:db8:1:3::1' })).status).toBe(201);
  });

  it('caps the uploads of everyone together per hour', async () => {
    for (let i = 0; i < LIMITS.perHour; i++)
      expect((await upload({ context: 'support', address: `198.51.100.${i + 1}` })).status).toBe(201);
    const refused = await upload({ context: 'support', address: '198.51.100.200' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM documents WHERE anonymous AND created_at > now() - interval '1 minute'`,
    );
    expect(n).toBeGreaterThanOrEqual(LIMITS.perHour);
  });
});

describe('anonymous uploads: the sweep', () => {
  const fileOf = async (id: number) => {
    const [row] = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM documents WHERE id = $1', [id]);
    return join(t.dataDir, 'files', row.storage_key);
  };
  const exists = async (id: number) => (await t.db.query('SELECT 1 FROM documents WHERE id = $1', [id])).length === 1;

  it('deletes an old anonymous upload nothing references, with its file, and keeps the others', async () => {
    const uploads = [];
    for (const [i, context] of ['support', 'onboarding', 'support', 'onboarding'].entries())
      uploads.push(
        (
          await upload({
            context,
            address: `203.0.113.${i + 1}`,
            file: { name: `kbis-${i}.pdf`, type: 'application/pdf', bytes: PDF },
          })
        ).json.id as number,
      );
    const [stale, asPart, asCover, fresh] = uploads;
    // An admin's file whose owner was since deleted: ownerless, but it was never anonymous.
    const orphan = (await upload({ as: 'admin', context: 'support' })).json.id as number;
    await t.db.query('UPDATE documents SET owner_id = NULL WHERE id = $1', [orphan]);

    // Platform staff may name the platform's files in any structure's content (a structure may not).
    const [chapter] = await t.db.query<{ id: number }>('SELECT id FROM chapters ORDER BY id LIMIT 1');
    const part = await t.request('POST', '/api/chapter-parts', {
      as: 'superadmin',
      body: {
        chapter: `/api/chapters/${chapter.id}`,
        type: 'file_downloadable',
        content: { document: asPart, label: 'Kbis' },
      },
    });
    expect(part.status).toBe(201);
    const [course] = await t.db.query<{ id: number }>('SELECT id FROM courses ORDER BY id LIMIT 1');
    expect(
      (
        await t.request('PUT', `/api/courses/${course.id}`, {
          as: 'superadmin',
          body: { cover: `/api/documents/${asCover}` },
        })
      ).status,
    ).toBe(200);

    await t.db.query(`UPDATE documents SET created_at = now() - interval '2 days' WHERE id = ANY($1::int4[])`, [
      [stale, asPart, asCover, orphan],
    ]);
    const paths = { stale: await fileOf(stale), asPart: await fileOf(asPart), fresh: await fileOf(fresh) };
    expect(existsSync(paths.stale)).toBe(true);

    const removed = await sweepAnonymousUploads(t.db, new LocalFileStorage(t.dataDir), LIMITS.ttl);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await exists(stale)).toBe(false);
    expect(existsSync(paths.stale)).toBe(false);
    for (const kept of [asPart, asCover, fresh, orphan]) expect(await exists(kept)).toBe(true);
    expect(existsSync(paths.asPart)).toBe(true);
    expect(existsSync(paths.fresh)).toBe(true);
  });

  it('forgets upload addresses once the daily cap no longer needs them', async () => {
    await upload({ context: 'support', address: '203.0.113.50' });
    await t.db.query(`UPDATE public_uploads SET created_at = now() - interval '25 hours'`);
    await upload({ context: 'support', address: '203.0.113.51' });
    await sweepAnonymousUploads(t.db, new LocalFileStorage(t.dataDir), LIMITS.ttl);
    const rows = await t.db.query<{ address: string }>('SELECT address FROM public_uploads');
    expect(rows.map((row) => row.address)).toEqual(['203.0.113.51']);
  });
});

describe('error reports', () => {
  const report = (url: string, token?: string) =>
    t.request('POST', '/api/errorCall', {
      token,
      body: {
        details: { message: 'Boom' },
        status: 500,
        timestamp: Date.now(),
        url,
        companyId: 999,
        employeeId: otherContributor.id,
        endpoint: '/api/courses',
        protocol: 'https:',
      },
    });
  const stored = async (url: string) =>
    (
      await t.db.query<{ employee_id: number | null; company_id: number | null }>(
        'SELECT employee_id, company_id FROM error_calls WHERE url = $1',
        [url],
      )
    )[0];

  it('names no one for a report without a token, whatever the body says', async () => {
    expect((await report('https://bo.exemple.fr/anonyme')).status).toBe(204);
    expect(await stored('https://bo.exemple.fr/anonyme')).toEqual({ employee_id: null, company_id: null });
  });

  it('names the token’s user and company, not the body’s', async () => {
    expect((await report('https://bo.exemple.fr/signe', await t.tokenFor('contributor'))).status).toBe(204);
    expect(await stored('https://bo.exemple.fr/signe')).toEqual({
      employee_id: t.users.contributor.id,
      company_id: t.users.contributor.company,
    });
  });
});
