import JSZip from 'jszip';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_PATHS, UNREADABLE_DOCUMENT, type DocumentPath } from '../../src/domain/documentReads.ts';
import { CATALOGUE_REFERENCE } from '../../src/domain/tenancy.ts';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';
import { administratorOf, must, upload, type Caller } from './support/structures.ts';

/**
 * One read rule for a document's bytes, on every path that reads or copies them (docs/SECURITY.md,
 * "Documents: who reads what"): each path of DOCUMENT_PATHS, walked for every kind of session on documents
 * of every kind, gives the bytes exactly when the session may read the document itself; and the server's
 * sources read a stored file nowhere but through that rule (or a ticket attachment's own).
 */
let t: TestApp;
let structure: number;
const readers: Record<string, Caller> = {};
/** Documents of every kind, by what they are; each named by a course of the structure (cover and part). */
const documents: Record<string, number> = {};
const courseOf = new Map<number, number>();

const bearer = async (persona: 'admin' | 'contributor' | 'superadmin', headers?: Record<string, string>) => ({
  token: await t.tokenFor(persona),
  headers,
});

beforeAll(async () => {
  t = await createTestApp();
  structure = t.users.admin.company!;
  const [colleague] = await t.db.query<{ id: number; email: string; session_version: number }>(
    `SELECT id, email, session_version FROM users
      WHERE roles = ARRAY['ROLE_USER'] AND enabled AND company_id = $1 AND id <> $2 ORDER BY id LIMIT 1`,
    [structure, t.users.contributor.id],
  );
  readers.contributor = await bearer('contributor');
  readers.colleague = {
    token: await t.tokens.sign({
      role: ['ROLE_USER'],
      company: structure,
      employeeId: colleague.id,
      username: colleague.email,
      sid: randomUUID(),
      scope: 'full',
      sv: Number(colleague.session_version),
    }),
  };
  readers.admin = await bearer('admin');
  readers.otherStructure = (await administratorOf(t, structure, true)).caller;
  readers.platform = await bearer('superadmin');
  readers.platformInStructure = await bearer('superadmin', { 'X-Structure': String(structure) });

  const uploaded = async (caller: Caller, context: string) =>
    (await must(upload(t, caller, { context }), `An upload (${context})`)).json.id as number;
  documents.adminSupport = await uploaded(readers.admin, 'support');
  documents.contributorOwn = await uploaded(readers.contributor, 'support');
  documents.structureContent = await uploaded(readers.admin, 'chapter_part');
  documents.otherStructureContent = await uploaded(readers.otherStructure, 'chapter_part');
  documents.catalogueContent = await uploaded(readers.platform, 'chapter_part');
  documents.platformSupport = await uploaded(readers.platform, 'support');

  // The structure's courses name them as they stand in the database, past any write check: whatever put
  // the reference there (a write of old, platform staff), pointing at a document grants nothing.
  for (const id of Object.values(documents)) {
    const [course] = await t.db.query<{ id: number }>(
      `INSERT INTO courses (title, company_id, cover_id) VALUES ($1, $2, $3) RETURNING id`,
      [`Cours du document ${id}`, structure, id],
    );
    const [module] = await t.db.query<{ id: number }>(
      `INSERT INTO modules (title, course_id, position) VALUES ('Module', $1, 0) RETURNING id`,
      [course.id],
    );
    const [chapter] = await t.db.query<{ id: number }>(
      `INSERT INTO chapters (title, module_id, position) VALUES ('Chapitre', $1, 0) RETURNING id`,
      [module.id],
    );
    await t.db.query(
      `INSERT INTO chapter_parts (chapter_id, type, position, title, content)
       VALUES ($1, 'file_downloadable', 0, 'Le fichier', $2::jsonb)`,
      [chapter.id, JSON.stringify({ document: `/api/documents/${id}` })],
    );
    courseOf.set(id, course.id);
  }
});
afterAll(async () => {
  await t?.close();
});

const request = (caller: Caller, method: string, url: string, body?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${caller.token}`, accept: 'application/json', ...caller.headers },
    ...(body !== undefined ? { payload: body as object } : {}),
  });

/** Whether `caller` may read the document itself: its item, the rule every path must agree with. */
async function mayRead(caller: Caller, id: number): Promise<boolean> {
  const item = await request(caller, 'GET', `/api/documents/${id}`);
  expect([200, 404]).toContain(item.statusCode);
  return item.statusCode === 200;
}

const counts = async () =>
  (
    await t.db.query<{ documents: number; courses: number }>(
      'SELECT (SELECT count(*) FROM documents)::int AS documents, (SELECT count(*) FROM courses)::int AS courses',
    )
  )[0];

/** The refusal of a course path: a 422 naming the document where the course names it. */
function expectRefusal(response: Awaited<ReturnType<typeof request>>, id: number) {
  expect(response.statusCode).toBe(422);
  const violations = response.json().violations as { propertyPath: string; code: string; message: string }[];
  // The part always; the cover too, unless the copy already left behind a cover its structure cannot see.
  expect(violations.length).toBeGreaterThan(0);
  for (const violation of violations) expect(violation.code).toBe(UNREADABLE_DOCUMENT);
  expect(violations.at(-1)!.propertyPath).toMatch(/^parts\[\d+\]\.document$/);
  for (const violation of violations) expect(violation.message).toContain(`Le document ${id},`);
  // The answer says where the course names it, nothing of the document itself.
  expect(response.body).not.toContain('note.txt');
}

/** Each path of DOCUMENT_PATHS: what `caller` gets of document `id` through it, checked against `readable`. */
const walks: Record<DocumentPath, (caller: Caller, id: number, readable: boolean) => Promise<void>> = {
  async download(caller, id, readable) {
    const response = await request(caller, 'GET', `/api/documents/${id}/download`);
    expect(response.statusCode).toBe(readable ? 200 : 404);
    if (readable) expect(response.body).toBe('Bonjour');
    else expect(response.body).not.toContain('Bonjour');
  },
  async export(caller, id, readable) {
    const course = courseOf.get(id)!;
    const response = await request(caller, 'GET', `/api/courses/${course}/export`);
    if (!(await courseReadable(caller, course))) return void expect(response.statusCode).toBe(404);
    if (!readable) return expectRefusal(response, id);
    expect(response.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(response.rawPayload);
    expect(await zip.file('files/d1')!.async('string')).toBe('Bonjour');
  },
  async rerun(caller, id, readable) {
    const course = courseOf.get(id)!;
    const before = await counts();
    const response = await request(caller, 'POST', `/api/courses/${course}/rerun`, {});
    if (!(await courseReadable(caller, course))) {
      expect(response.statusCode).toBe(404);
      return void expect(await counts()).toEqual(before);
    }
    if (!readable) {
      expectRefusal(response, id);
      return void expect(await counts()).toEqual(before);
    }
    // Platform staff on every structure re-run into the catalogue, which names no structure's file
    // (tests/security/catalogueReferences.test.ts): the catalogue's own content only.
    if (caller === readers.platform && id !== documents.catalogueContent) {
      expect(response.statusCode).toBe(422);
      expect(response.json().violations[0].code).toBe(CATALOGUE_REFERENCE.code);
      return void expect(await counts()).toEqual(before);
    }
    expect(response.statusCode).toBe(201);
    // The new session's own copy of the file, which its maker reads.
    const cover = Number(/(\d+)$/.exec(String(response.json().cover))?.[1]);
    expect(cover).not.toBe(id);
    const copy = await request(caller, 'GET', `/api/documents/${cover}/download`);
    expect(copy.statusCode).toBe(200);
    expect(copy.body).toBe('Bonjour');
  },
  'personal-data': personalData,
};

/** An export of the document's owner's data: the archive carries the file exactly when the caller reads it. */
async function personalData(caller: Caller, id: number, readable: boolean) {
  const [{ owner_id: owner }] = await t.db.query<{ owner_id: number }>('SELECT owner_id FROM documents WHERE id = $1', [
    id,
  ]);
  const response = await request(caller, 'POST', '/api/personal-data-requests', { user: owner, kind: 'export' });
  if (response.statusCode !== 201) {
    // A contributor files none; an owner out of the caller's reach, or of no structure, has none to file.
    expect([403, 404, 422]).toContain(response.statusCode);
    return void expect(response.body).not.toContain('Bonjour');
  }
  const archive = await request(caller, 'GET', `/api/personal-data-requests/${response.json().id}/archive`);
  expect(archive.statusCode).toBe(200);
  const zip = await JSZip.loadAsync(archive.rawPayload);
  const file = Object.keys(zip.files).find((path) => path.startsWith(`files/documents/${id}-`));
  expect(file !== undefined).toBe(readable);
  if (file) expect(await zip.file(file)!.async('string')).toBe('Bonjour');
}

async function courseReadable(caller: Caller, course: number): Promise<boolean> {
  return (await request(caller, 'GET', `/api/courses/${course}`)).statusCode === 200;
}

describe('the read rule of a document, on every path', () => {
  it('is the rights table’s: a contributor reads course content and their own uploads only', async () => {
    const expected: Record<string, Record<string, boolean>> = {
      contributor: {
        adminSupport: false,
        contributorOwn: true,
        structureContent: true,
        otherStructureContent: false,
        catalogueContent: true,
        platformSupport: false,
      },
      colleague: {
        adminSupport: false,
        contributorOwn: false,
        structureContent: true,
        otherStructureContent: false,
        catalogueContent: true,
        platformSupport: false,
      },
      admin: {
        adminSupport: true,
        contributorOwn: true,
        structureContent: true,
        otherStructureContent: false,
        catalogueContent: true,
        platformSupport: false,
      },
      otherStructure: {
        adminSupport: false,
        contributorOwn: false,
        structureContent: false,
        otherStructureContent: true,
        catalogueContent: true,
        platformSupport: false,
      },
    };
    for (const [reader, row] of Object.entries(expected))
      for (const [kind, readable] of Object.entries(row))
        expect([reader, kind, await mayRead(readers[reader], documents[kind])]).toEqual([reader, kind, readable]);
  });

  for (const path of DOCUMENT_PATHS)
    it(`holds on ${path} for every session and every kind of document`, async () => {
      for (const [reader, caller] of Object.entries(readers))
        for (const [kind, id] of Object.entries(documents)) {
          const readable = await mayRead(caller, id);
          try {
            await walks[path](caller, id, readable);
          } catch (error) {
            throw new Error(`${path}, ${reader} on ${kind} (readable: ${readable}): ${(error as Error).message}`, {
              cause: error,
            });
          }
        }
    });
});

/** The server's TypeScript sources, by path from the repository. */
async function serverSources(): Promise<Map<string, string>> {
  const root = join(import.meta.dirname, '../..');
  const found = new Map<string, string>();
  for (const entry of await readdir(join(root, 'server'), { recursive: true, withFileTypes: true }))
    if (entry.isFile() && entry.name.endsWith('.ts')) {
      const path = join(entry.parentPath, entry.name);
      found.set(relative(root, path), await readFile(path, 'utf8'));
    }
  return found;
}

/** The one module of the rule, and the paths that call it, each its DOCUMENT_PATHS name. */
const RULE = 'server/resources/documentReads.ts';
const CALLERS: Record<string, DocumentPath> = {
  'server/routes/documents.ts': 'download',
  'server/transfer/courseExport.ts': 'export',
  'server/transfer/duplicateDocuments.ts': 'rerun',
  'server/privacy/exportPerson.ts': 'personal-data',
};
/**
 * Where else the file store is read, and why that is no document read: the store itself and the operator's
 * copy between stores, an attachment read past its own rule (its ticket's), an imported archive's entries.
 */
const OTHER_READS: Record<string, string> = {
  'server/storage/copyFiles.ts': 'the operator’s copy of every file to another store',
  'server/backup/backup.ts': 'the operator’s backup of every file the rows name, and its restore',
  'server/imports/xmind.ts': 'the entries of the uploaded map, not the store',
  'server/http/fileDownload.ts': 'sends a stored file its rule made, through that file’s own read',
  'server/routes/ticketAttachments.ts': 'a ticket attachment, after its ticket’s rule',
  'server/transfer/courseImport.ts': 'the entries of the uploaded zip, not the store',
  'server/routes/onboarding.ts': 'an opt-out link’s signed token, not the store',
  'server/privacy/exportPerson.ts': 'a ticket attachment of the person, after the person’s structure’s scope',
  'server/routes/personalData.ts': 'the archive an export made, after its request’s scope',
  'server/privacy/exportStructure.ts': 'platform staff’s export of a whole structure: every file its own rows name',
};

describe('no path reads a document past the rule', () => {
  it('reads the file store only in the rule, or where the read is no document’s', async () => {
    const readers = [...(await serverSources())]
      .filter(([, text]) => /\.(read|size)\(/.test(text))
      .map(([path]) => path)
      .filter(
        (path) => path !== RULE && !path.startsWith('server/storage/s3') && path !== 'server/storage/localFiles.ts',
      );
    expect(readers.sort()).toEqual(Object.keys(OTHER_READS).sort());
  });

  it('selects a document’s stored key only in the rule', async () => {
    for (const [path, text] of await serverSources())
      if (path !== RULE)
        expect([path, /SELECT[^`;]*storage_key[^`;]*FROM\s+documents\b/i.test(text)]).toEqual([path, false]);
  });

  it('is called by exactly the paths the walk above covers', async () => {
    const callers = [...(await serverSources())]
      .filter(
        ([path, text]) => path !== RULE && /\b(readableDocuments|readableDocumentsOfCourse|documentBytes)\(/.test(text),
      )
      .map(([path]) => path);
    expect(callers.sort()).toEqual(Object.keys(CALLERS).sort());
    expect([...new Set(Object.values(CALLERS))].sort()).toEqual([...DOCUMENT_PATHS].sort());
  });
});
