import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeUnheldFiles } from '../../server/storage/fileRemovals.ts';
import { newStorageKey } from '../../server/storage/fileStorage.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Files whose row a delete takes along (a ticket with its attachments, a structure with its documents)
 * leave the file store at the queue's next run; a file whose row waits in the recycle bin stays, for a
 * restore, until the bin erases it.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A stored file and the document row that owns it, in a structure. */
async function storedDocument(structure: number | null, name: string): Promise<{ id: number; key: string }> {
  const key = newStorageKey('pdf');
  await t.files.write(key, PDF, 'application/pdf');
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO documents (name, mime_type, size, context, company_id, storage_key)
     VALUES ($1, 'application/pdf', $2, 'document', $3, $4) RETURNING id`,
    [name, PDF.length, structure, key],
  );
  return { id: row.id, key };
}

const stored = (key: string) => t.files.size(key);

describe('the files of deleted rows', () => {
  it('go with a ticket deleted with its attachments, at the queue’s run and not before', async () => {
    const ticket = await t.request('POST', '/api/tickets', {
      as: 'contributor',
      body: { type: 1, subject: 'Capture jointe' },
    });
    expect(ticket.status).toBe(201);
    const key = newStorageKey('pdf');
    await t.files.write(key, PDF, 'application/pdf');
    await t.db.query(
      `INSERT INTO ticket_attachments (ticket_id, uploader_id, name, mime_type, size, storage_key)
       VALUES ($1, $2, 'capture.pdf', 'application/pdf', $3, $4)`,
      [ticket.json.id, t.users.contributor.id, PDF.length, key],
    );

    expect((await t.request('DELETE', `/api/tickets/${ticket.json.id}`, { as: 'superadmin' })).status).toBe(204);
    expect(await stored(key)).toBe(PDF.length);
    expect(await t.db.query('SELECT 1 FROM file_removals WHERE storage_key = $1', [key])).toHaveLength(1);

    expect(await removeUnheldFiles(t.db, t.files)).toBeGreaterThanOrEqual(1);
    expect(await stored(key)).toBeUndefined();
    expect(await t.db.query('SELECT 1 FROM file_removals WHERE storage_key = $1', [key])).toEqual([]);
  });

  // As a sign-up never confirmed is deleted with its logo, a day later.
  it('go with a structure deleted with its documents, and no other structure’s', async () => {
    const [structure] = await t.db.query<{ id: number }>(
      `INSERT INTO companies (name) VALUES ('Structure éphémère') RETURNING id`,
    );
    const theirs = [await storedDocument(structure.id, 'a.pdf'), await storedDocument(structure.id, 'b.pdf')];
    const kept = await storedDocument(t.users.admin.company, 'autre-structure.pdf');

    await t.db.query('DELETE FROM companies WHERE id = $1', [structure.id]);
    await removeUnheldFiles(t.db, t.files);
    for (const document of theirs) expect(await stored(document.key)).toBeUndefined();
    expect(await stored(kept.key)).toBe(PDF.length);
  });

  it('stay while their row waits in the recycle bin, and go when the bin erases it', async () => {
    const document = await storedDocument(t.users.admin.company, 'à-la-corbeille.pdf');
    expect((await t.request('DELETE', `/api/documents/${document.id}`, { as: 'superadmin' })).status).toBe(204);
    // Queued by the delete, but held by the bin item: the run leaves the file and forgets the key.
    expect(await t.db.query('SELECT 1 FROM file_removals WHERE storage_key = $1', [document.key])).toHaveLength(1);
    await removeUnheldFiles(t.db, t.files);
    expect(await stored(document.key)).toBe(PDF.length);
    expect(await t.db.query('SELECT 1 FROM file_removals WHERE storage_key = $1', [document.key])).toEqual([]);

    const [item] = await t.db.query<{ id: number }>(
      `SELECT id FROM recycle_bin WHERE resource = 'documents' AND record_id = $1`,
      [document.id],
    );
    const restored = await t.request('POST', `/api/recycle-bin/${item.id}/restore`, { as: 'superadmin' });
    expect(restored.status, restored.body).toBe(200);
    expect(await stored(document.key)).toBe(PDF.length);

    expect((await t.request('DELETE', `/api/documents/${document.id}`, { as: 'superadmin' })).status).toBe(204);
    const [again] = await t.db.query<{ id: number }>(
      `SELECT id FROM recycle_bin WHERE resource = 'documents' AND record_id = $1`,
      [document.id],
    );
    expect((await t.request('DELETE', `/api/recycle-bin/${again.id}`, { as: 'superadmin' })).status).toBe(204);
    await expect.poll(() => stored(document.key)).toBeUndefined();
  });
});
