import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { sweepPendingAttachments } from '../../server/tickets/attachments.ts';
import { ALLOWED_TYPES } from '../../server/storage/sniff.ts';
import {
  ATTACHMENT_TYPES,
  ATTACHMENTS_PER_MESSAGE,
  PENDING_ATTACHMENT_TTL_SECONDS,
} from '../../src/domain/ticketAttachments.ts';
import { multipartBody, type UploadedFile } from './support/multipart.ts';
import { createTestApp, type Persona, type TestApp } from './support/testApp.ts';

/**
 * Files on ticket replies and notes: the upload rules (type by content, size, count), who reads which
 * file (the author a reply's, never a note's; another structure and another learner nothing), the
 * author's e-mail linking into the app, and the sweep of uploads never sent.
 */
let t: TestApp;
let stranger: string;
let otherLearner: string;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f4e3350000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function signIn(login: string): Promise<string> {
  const answer = await t.request('POST', '/api/auth/token', { body: { login, password: DEMO_PASSWORD } });
  expect(answer.status, answer.body).toBe(200);
  return answer.json.token as string;
}

beforeAll(async () => {
  // The general upload limit at 1 MB: an attachment is held to the lower of it and its own.
  t = await createTestApp({ config: { uploadMaxMb: 1 } });
  stranger = await signIn('admin@transports-morel.fr');
  const [learner] = await t.db.query<{ email: string }>(
    `SELECT email FROM users WHERE company_id = $1 AND id <> $2 AND roles = '{ROLE_USER}' AND enabled ORDER BY id LIMIT 1`,
    [t.users.contributor.company, t.users.contributor.id],
  );
  otherLearner = await signIn(learner.email);
});
afterAll(async () => {
  await t?.close();
});

type Who = Persona | { token: string };
const auth = async (who: Who) => `Bearer ${typeof who === 'string' ? await t.tokenFor(who) : who.token}`;

async function upload(ticket: number, file: UploadedFile, who: Who = 'admin') {
  const { payload, contentType } = multipartBody(file);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/tickets/${ticket}/attachments`,
    payload,
    headers: { 'content-type': contentType, authorization: await auth(who) },
  });
  return { status: response.statusCode, json: response.json() };
}

const download = async (id: number, who: Who) =>
  t.app.inject({ url: `/api/ticket-attachments/${id}/download`, headers: { authorization: await auth(who) } });

const listed = async (ticket: number, who: Who) => {
  const response = await t.app.inject({
    url: `/api/tickets/${ticket}/attachments`,
    headers: { authorization: await auth(who), accept: 'application/json' },
  });
  return { status: response.statusCode, json: response.json() };
};

async function bugTicket(subject: string): Promise<number> {
  const created = await t.request('POST', '/api/tickets', { as: 'contributor', body: { type: 1, subject } });
  expect(created.status).toBe(201);
  return created.json.id as number;
}

async function uploaded(ticket: number, file: UploadedFile, who: Who = 'admin'): Promise<number> {
  const answer = await upload(ticket, file, who);
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return answer.json.id as number;
}

const png = (name = 'capture.png'): UploadedFile => ({ name, type: 'image/png', bytes: PNG });
const pdf = (name = 'facture.pdf'): UploadedFile => ({ name, type: 'application/pdf', bytes: PDF });

async function outboxTexts(to: string): Promise<string[]> {
  const dir = join(t.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  const texts: string[] = [];
  for (const file of files) {
    const eml = await readFile(join(dir, file), 'utf8');
    if (eml.includes(`To: ${to}`)) texts.push(eml);
  }
  return texts;
}

describe('upload rules', () => {
  it('accepts only types the uploads allow-list also checks by content', () => {
    expect(ATTACHMENT_TYPES.filter((type) => !ALLOWED_TYPES[type])).toEqual([]);
  });

  it('refuses a type off the list, bytes that are not their type and a file too large: a French 422 on "file"', async () => {
    const ticket = await bugTicket('Pièces refusées');
    const html = await upload(ticket, { name: 'page.html', type: 'text/html', bytes: Buffer.from('<html></html>') });
    expect(html.status).toBe(422);
    expect(html.json.violations).toEqual([
      expect.objectContaining({
        propertyPath: 'file',
        code: 'choice',
        message: expect.stringMatching(/n'est pas accepté/),
      }),
    ]);
    const video = await upload(ticket, { name: 'film.mp4', type: 'video/mp4', bytes: Buffer.from('0000ftypisom') });
    expect(video.status).toBe(422);
    const fake = await upload(ticket, {
      name: 'faux.png',
      type: 'image/png',
      bytes: Buffer.from('<script>x</script>'),
    });
    expect(fake.status).toBe(422);
    expect(fake.json.violations[0]).toMatchObject({ propertyPath: 'file', code: 'format' });
    expect(fake.json.violations[0].message).toMatch(/ne correspond pas/);
    const big = await upload(ticket, png('grande.png'), 'admin').then(() =>
      upload(ticket, { name: 'énorme.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]) }),
    );
    expect(big.status).toBe(422);
    expect(big.json.violations[0]).toMatchObject({ propertyPath: 'file', code: 'range' });
    expect(big.json.violations[0].message).toMatch(/1 Mo/);
    // Nothing refused is kept: only the accepted PNG waits.
    const [{ count }] = await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM ticket_attachments WHERE ticket_id = $1',
      [ticket],
    );
    expect(count).toBe(1);
  });

  it('holds one message worth of pending files per writer, and lets the writer remove one', async () => {
    const ticket = await bugTicket('Trop de fichiers');
    const ids: number[] = [];
    for (let n = 0; n < ATTACHMENTS_PER_MESSAGE; n++) ids.push(await uploaded(ticket, png(`c${n}.png`)));
    const over = await upload(ticket, png('de-trop.png'));
    expect(over.status).toBe(422);
    expect(over.json.violations[0]).toMatchObject({ propertyPath: 'file', code: 'range' });
    const [{ storage_key }] = await t.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM ticket_attachments WHERE id = $1',
      [ids[0]],
    );
    // Another's pending file cannot be removed; one's own can, with its file.
    expect((await t.request('DELETE', `/api/ticket-attachments/${ids[0]}`, { as: 'superadmin' })).status).toBe(404);
    expect((await t.request('DELETE', `/api/ticket-attachments/${ids[0]}`, { as: 'admin' })).status).toBe(204);
    expect(await t.files.size(storage_key)).toBeUndefined();
    expect((await upload(ticket, png('de-trop.png'))).status).toBe(201);
  });
});

describe('replies and notes with files', () => {
  let ticket: number;
  let image: number;
  let document: number;
  let noteFile: number;

  beforeAll(async () => {
    ticket = await bugTicket('Capture jointe');
    image = await uploaded(ticket, png('capture-2026-11-27-10-42.png'));
    document = await uploaded(ticket, pdf());
    const sent = await t.request('PUT', `/api/tickets/${ticket}/add-message`, {
      as: 'admin',
      body: { message: 'Voici la capture et la facture.', status: 'created', attachments: [image, document] },
    });
    expect(sent.status, sent.body).toBe(200);
    const note = await t.request('POST', '/api/notes-bo', {
      as: 'admin',
      body: { content: 'Interne : voir le PDF', ticket: `/api/tickets/${ticket}` },
    });
    expect(note.status, note.body).toBe(201);
    noteFile = await uploaded(ticket, pdf('interne.pdf'));
    const linked = await t.request('POST', `/api/notes-bo/${note.json.id}/attachments`, {
      as: 'admin',
      body: { attachments: [noteFile] },
    });
    expect(linked.status, linked.body).toBe(200);
    expect(linked.json).toEqual([expect.objectContaining({ id: noteFile, note: note.json.id, message: null })]);
  });

  it('lists a reply’s files to the author and staff, and a note’s to staff only', async () => {
    const mine = await listed(ticket, 'contributor');
    expect(mine.status).toBe(200);
    expect(mine.json.map((row: { name: string }) => row.name)).toEqual(['capture-2026-11-27-10-42.png', 'facture.pdf']);
    expect(mine.json[0]).toMatchObject({ mimeType: 'image/png', size: PNG.length, message: expect.any(Number) });
    expect(JSON.stringify(mine.json)).not.toMatch(/storage|\d{4}-\d{2}\/[0-9a-f-]{36}/);
    const staff = await listed(ticket, 'admin');
    expect(staff.json.map((row: { id: number }) => row.id)).toEqual([image, document, noteFile]);
  });

  it('tells the other agents’ panels when a note takes its files, as a note’s change for staff', async () => {
    const events = await t.db.query<{ internal: boolean }>(
      `SELECT internal FROM live_events WHERE payload ->> 'kind' = 'note' AND (payload ->> 'ticket')::int = $1`,
      [ticket],
    );
    // The note's creation, then its files.
    expect(events).toEqual([{ internal: true }, { internal: true }]);
  });

  it('streams a reply’s file to its author with the download headers, never a note’s', async () => {
    const file = await download(image, 'contributor');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain('attachment;');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
    expect((await download(noteFile, 'contributor')).statusCode).toBe(404);
    expect((await download(noteFile, 'admin')).statusCode).toBe(200);
    const meta = await t.request('GET', `/api/ticket-attachments/${noteFile}`, { as: 'contributor' });
    expect(meta.status).toBe(404);
  });

  it('shows nothing to another structure, nor to a learner of the same structure who is not the author', async () => {
    for (const who of [{ token: stranger }, { token: otherLearner }]) {
      expect((await download(image, who)).statusCode).toBe(404);
      expect((await download(noteFile, who)).statusCode).toBe(404);
      expect((await listed(ticket, who)).status).toBe(404);
      const meta = await t.app.inject({
        url: `/api/ticket-attachments/${image}`,
        headers: { authorization: await auth(who) },
      });
      expect(meta.statusCode).toBe(404);
      expect((await upload(ticket, png('intrus.png'), who)).status).toBe(404);
    }
  });

  it('refuses a file already sent or uploaded by someone else, and then writes no message', async () => {
    const before = await t.db.query('SELECT id FROM ticket_messages WHERE ticket_id = $1', [ticket]);
    const again = await t.request('PUT', `/api/tickets/${ticket}/add-message`, {
      as: 'admin',
      body: { message: 'Encore', status: 'created', attachments: [image] },
    });
    expect(again.status).toBe(422);
    expect(again.json.violations[0]).toMatchObject({ propertyPath: 'attachments', code: 'reference' });
    const othersFile = await uploaded(ticket, png('du-superadmin.png'), 'superadmin');
    const stolen = await t.request('PUT', `/api/tickets/${ticket}/add-message`, {
      as: 'admin',
      body: { message: 'Avec le fichier d’un autre', status: 'created', attachments: [othersFile] },
    });
    expect(stolen.status).toBe(422);
    const tooMany = await t.request('PUT', `/api/tickets/${ticket}/add-message`, {
      as: 'admin',
      body: {
        message: 'Trop',
        status: 'created',
        attachments: Array.from({ length: ATTACHMENTS_PER_MESSAGE + 1 }, (_, n) => n + 1),
      },
    });
    expect(tooMany.status).toBe(422);
    expect(await t.db.query('SELECT id FROM ticket_messages WHERE ticket_id = $1', [ticket])).toEqual(before);
    // A pending file is its uploader's alone, until a reply takes it.
    expect((await download(othersFile, 'admin')).statusCode).toBe(404);
    expect((await download(othersFile, 'superadmin')).statusCode).toBe(200);
  });

  it('e-mails the author links into the app, which ask for sign-in, never the store’s addresses', async () => {
    const [mail] = (await outboxTexts(t.users.contributor.email)).filter((text) => text.includes('capture-2026'));
    expect(mail).toBeDefined();
    const decoded = mail
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    expect(decoded).toContain(`${t.config.appUrl}#/ticket-attachments/${image}`);
    expect(decoded).toContain(`${t.config.appUrl}#/ticket-attachments/${document}`);
    expect(decoded).not.toContain('/api/');
    const keys = await t.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM ticket_attachments WHERE ticket_id = $1',
      [ticket],
    );
    for (const { storage_key } of keys) expect(decoded).not.toContain(storage_key);
    expect(decoded).not.toContain('interne.pdf');
  });
});

describe('the sweep of uploads never sent', () => {
  it('deletes pending files older than the delay with their bytes, and keeps sent ones and recent ones', async () => {
    const ticket = await bugTicket('Balayage');
    const forgotten = await uploaded(ticket, png('oubliée.png'));
    const recent = await uploaded(ticket, png('récente.png'));
    const sentFile = await uploaded(ticket, pdf('envoyée.pdf'));
    const sent = await t.request('PUT', `/api/tickets/${ticket}/add-message`, {
      as: 'admin',
      body: { message: 'Avec pièce', status: 'created', attachments: [sentFile] },
    });
    expect(sent.status).toBe(200);
    await t.db.query(
      `UPDATE ticket_attachments SET created_at = now() - make_interval(secs => $2) WHERE id = ANY($1::int[])`,
      [[forgotten, sentFile], PENDING_ATTACHMENT_TTL_SECONDS + 60],
    );
    const keys = new Map(
      (
        await t.db.query<{ id: number; storage_key: string }>(
          'SELECT id, storage_key FROM ticket_attachments WHERE ticket_id = $1',
          [ticket],
        )
      ).map((row) => [row.id, row.storage_key]),
    );
    expect(await sweepPendingAttachments(t.db, t.files)).toBeGreaterThanOrEqual(1);
    const left = await t.db.query<{ id: number }>(
      'SELECT id FROM ticket_attachments WHERE ticket_id = $1 ORDER BY id',
      [ticket],
    );
    expect(left.map((row) => row.id)).toEqual([recent, sentFile]);
    expect(await t.files.size(keys.get(forgotten)!)).toBeUndefined();
    expect(await t.files.size(keys.get(sentFile)!)).toBe(PDF.length);
  });

  it('keeps a deleted note’s files in the recycle bin: back with a restore, removed when it is erased', async () => {
    const ticket = await bugTicket('Corbeille');
    const note = await t.request('POST', '/api/notes-bo', {
      as: 'admin',
      body: { content: 'Note éphémère', ticket: `/api/tickets/${ticket}` },
    });
    const noteFile = await uploaded(ticket, pdf('note.pdf'));
    const linked = await t.request('POST', `/api/notes-bo/${note.json.id}/attachments`, {
      as: 'admin',
      body: { attachments: [noteFile] },
    });
    expect(linked.status).toBe(200);
    const [{ storage_key }] = await t.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM ticket_attachments WHERE id = $1',
      [noteFile],
    );
    const binItem = async () => {
      const bin = await t.request('GET', '/api/recycle-bin?itemsPerPage=200', {
        as: 'superadmin',
        accept: 'application/json',
      });
      return (bin.json as { id: number; recordId: number; resource: string }[]).find(
        (item) => item.resource === 'notes-bo' && item.recordId === note.json.id,
      )!;
    };

    expect((await t.request('DELETE', `/api/notes-bo/${note.json.id}`, { as: 'admin' })).status).toBe(204);
    expect((await download(noteFile, 'admin')).statusCode).toBe(404);
    const restored = await t.request('POST', `/api/recycle-bin/${(await binItem()).id}/restore`, { as: 'superadmin' });
    expect(restored.status, restored.body).toBe(200);
    expect((await download(noteFile, 'admin')).statusCode).toBe(200);

    expect((await t.request('DELETE', `/api/notes-bo/${note.json.id}`, { as: 'admin' })).status).toBe(204);
    expect((await t.request('DELETE', `/api/recycle-bin/${(await binItem()).id}`, { as: 'superadmin' })).status).toBe(
      204,
    );
    expect(await t.files.size(storage_key)).toBeUndefined();
  });
});
