import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BINNABLE_NAMES } from '../../src/domain/recycleBin.ts';
import { RESOURCE_RIGHTS } from '../../src/domain/rights.ts';
import { JobScheduler } from '../../server/jobs/scheduler.ts';
import { PLATFORM } from '../../server/db/scope.ts';
import { purgeExpired } from '../../server/resources/recycleBin.ts';
import { administratorOf, type Caller, sendAs, type Who, createAs } from '../security/support/structures.ts';
import { iri } from './support/samples.ts';
import { multipartBody } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The recycle bin: every binnable resource deleted leaves every list, count, search, item and outline, is
 * listed in the bin with what it contained, and comes back whole (same ids, contents, positions); a restore
 * whose parent is gone, or whose unique value is now taken, is refused in French; erasing for good removes
 * the rows and the file; the periodic purge erases what expired, and only that; another structure's bin is
 * invisible; an administrator erases, a contributor does not.
 */
const RETENTION_DAYS = 7;
let t: TestApp;
let structure: number;
/** Platform staff working in the contributor's structure: who deletes what contributors write. */
let staff: Caller;
let stranger: Caller;

beforeAll(async () => {
  t = await createTestApp({ config: { recycleBinDays: RETENTION_DAYS } });
  structure = Number(t.users.contributor.company);
  staff = { token: await t.tokenFor('superadmin'), headers: { 'x-structure': String(structure) } };
  stranger = (await administratorOf(t, structure, true)).caller;
});
afterAll(async () => {
  await t?.close();
});

const send = (who: Who, method: string, url: string, body?: unknown) => sendAs(t, who, method, url, body);

const create = (resource: string, body: Record<string, unknown>, who: Who = 'contributor') =>
  createAs(t, who, resource, body);

async function remove(url: string, who: Who = staff) {
  const response = await send(who, 'DELETE', url);
  expect(response.status, response.body).toBe(204);
}

interface BinItem {
  id: number;
  resource: string;
  recordId: number;
  label: string;
  deletedAt: string;
  deletedBy: string | null;
  deletedByName: string | null;
  expiresAt: string;
  contents: Record<string, number>;
}

async function binned(who: Who = staff, query = ''): Promise<BinItem[]> {
  const response = await send(who, 'GET', `/api/recycle-bin?itemsPerPage=200${query}`);
  expect(response.status, response.body).toBe(200);
  return response.json as BinItem[];
}

async function binItemOf(resource: string, recordId: number, who: Who = staff): Promise<BinItem> {
  const item = (await binned(who)).find(
    (candidate) => candidate.resource === resource && candidate.recordId === recordId,
  );
  expect(item, `${resource} ${recordId} in the bin`).toBeDefined();
  return item!;
}

const restore = (item: { id: number }, who: Who = staff) => send(who, 'POST', `/api/recycle-bin/${item.id}/restore`);

const outlineOf = async (course: number) => {
  const response = await send('contributor', 'GET', `/api/courses/${course}/outline`);
  expect(response.status, response.body).toBe(200);
  const { updatedAt: _updated, ...outline } = response.json as Record<string, unknown>;
  return outline;
};

/** A course of two modules, the first with three chapters (the first with two parts and a tag), the second with one. */
async function courseTree(title = 'Cours corbeille') {
  const tag = await create('tags', { name: `${title} étiquette ${Math.random()}` });
  const course = await create('courses', { title, tags: [iri('tags', tag.id)] });
  const modules = [
    await create('modules', { title: `${title} M1`, course: iri('courses', course.id) }),
    await create('modules', { title: `${title} M2`, course: iri('courses', course.id) }),
  ];
  const chapters = [];
  for (const [index, module] of [0, 0, 0, 1].entries())
    chapters.push(
      await create('chapters', { title: `${title} C${index}`, module: iri('modules', modules[module].id) }),
    );
  const parts = [];
  for (const title of ['p1', 'p2'])
    parts.push(
      await create('chapter-parts', {
        chapter: iri('chapters', chapters[0].id),
        type: 'notes',
        title,
        content: { text: title },
      }),
    );
  await send('contributor', 'PUT', `/api/chapters/${chapters[1].id}/add-chapter-unlocks`, {
    chapters: [iri('chapters', chapters[0].id)],
  });
  return { course, modules, chapters, parts, tag };
}

const getStatus = async (resource: string, id: number, who: Who = staff) =>
  (await send(who, 'GET', `/api/${resource}/${id}`)).status;

describe('the recycle bin', () => {
  it('keeps a deleted chapter with its parts, then puts it back into its place', async () => {
    const tree = await courseTree('Plan A');
    const before = await outlineOf(tree.course.id);
    const chapter = tree.chapters[0];
    const fullBefore = (await send(staff, 'GET', `/api/chapters/${chapter.id}`)).json;
    await remove(`/api/chapters/${chapter.id}`);

    // Gone from the item, its list and count, its search, its parts, the outline and the learner's view.
    expect(await getStatus('chapters', chapter.id)).toBe(404);
    expect(await getStatus('chapters', chapter.id, 'contributor')).toBe(404);
    for (const part of tree.parts) expect(await getStatus('chapter-parts', part.id)).toBe(404);
    const siblings = await send('contributor', 'GET', `/api/chapters?module=${tree.modules[0].id}`);
    expect((siblings.json as { id: number; position: number }[]).map((row) => [row.id, row.position])).toEqual([
      [tree.chapters[1].id, 0],
      [tree.chapters[2].id, 1],
    ]);
    const search = await send('contributor', 'GET', `/api/chapters?q=${encodeURIComponent('Plan A C0')}`);
    expect((search.json as { id: number }[]).map((row) => row.id)).not.toContain(chapter.id);
    const counted = await t.request('GET', `/api/chapters?module=${tree.modules[0].id}`, { as: 'contributor' });
    expect(counted.json['hydra:totalItems']).toBe(2);
    expect(JSON.stringify(await outlineOf(tree.course.id))).not.toContain(`"id":${chapter.id},`);
    expect((await send('contributor', 'GET', `/api/chapters/${chapter.id}/displayable`)).status).toBe(404);

    const item = await binItemOf('chapters', chapter.id);
    expect(item).toMatchObject({
      label: 'Plan A C0',
      deletedBy: iri('users', t.users.superadmin.id),
      contents: { 'chapter-parts': 2 },
    });
    expect(item.deletedByName).toBeTruthy();
    expect(Date.parse(item.expiresAt) - Date.parse(item.deletedAt)).toBe(RETENTION_DAYS * 24 * 3600 * 1000);
    expect((await send(staff, 'GET', `/api/recycle-bin/${item.id}`)).json).toMatchObject({ recordId: chapter.id });

    const restored = await restore(item);
    expect(restored.status, restored.body).toBe(200);
    expect(restored.json).toEqual({ resource: 'chapters', record: iri('chapters', chapter.id) });
    expect(await outlineOf(tree.course.id)).toEqual(before);
    const { updatedAt: _a, ...fullAfter } = (await send(staff, 'GET', `/api/chapters/${chapter.id}`)).json;
    const { updatedAt: _b, ...fullWas } = fullBefore;
    expect(fullAfter).toEqual(fullWas);
    expect((await binned()).map((candidate) => candidate.id)).not.toContain(item.id);
  });

  it('puts a chapter back at the end when its module has fewer chapters now', async () => {
    const tree = await courseTree('Plan B');
    await remove(`/api/chapters/${tree.chapters[2].id}`);
    await remove(`/api/chapters/${tree.chapters[1].id}`);
    expect((await restore(await binItemOf('chapters', tree.chapters[2].id))).status).toBe(200);
    const rows = (await send('contributor', 'GET', `/api/chapters?module=${tree.modules[0].id}&order[position]=asc`))
      .json as { id: number; position: number }[];
    expect(rows.map((row) => [row.id, row.position])).toEqual([
      [tree.chapters[0].id, 0],
      [tree.chapters[2].id, 1],
    ]);
  });

  it('keeps a whole course with its modules, chapters, parts, tags and answers, and restores it whole', async () => {
    const tree = await courseTree('Cours entier');
    const participation = await create(
      'participations',
      { user: iri('users', t.users.contributor.id), course: iri('courses', tree.course.id) },
      'admin',
    );
    const before = await outlineOf(tree.course.id);
    const courseBefore = (await send(staff, 'GET', `/api/courses/${tree.course.id}`)).json;
    const listed = async () =>
      (await send('contributor', 'GET', `/api/courses?itemsPerPage=500`)).json.map((row: { id: number }) => row.id);
    await remove(`/api/courses/${tree.course.id}`);
    expect(await listed()).not.toContain(tree.course.id);
    expect(await getStatus('participations', participation.id)).toBe(404);
    for (const module of tree.modules) expect(await getStatus('modules', module.id)).toBe(404);

    const item = await binItemOf('courses', tree.course.id);
    expect(item.contents).toEqual({ modules: 2, chapters: 4, 'chapter-parts': 2, participations: 1 });
    expect((await restore(item)).status).toBe(200);
    expect(await listed()).toContain(tree.course.id);
    expect(await outlineOf(tree.course.id)).toEqual(before);
    const { updatedAt: _a, ...after } = (await send(staff, 'GET', `/api/courses/${tree.course.id}`)).json;
    const { updatedAt: _b, ...was } = courseBefore;
    expect(after).toEqual(was);
    expect(await getStatus('participations', participation.id)).toBe(200);
  });

  it('bins and restores every binnable resource', async () => {
    const tree = await courseTree('Chaque ressource');
    const folder = await create('folders', { name: 'Dossier corbeille' }, 'superadmin');
    const sheet = await create('sheets', { title: 'Fiche corbeille', content: 'texte' }, 'superadmin');
    const note = await create('notes-bo', { content: 'Note à jeter', course: iri('courses', tree.course.id) }, 'admin');
    const template = await create(
      'notification-templates',
      { code: `bin_${Date.now()}`, name: 'Modèle jeté', subject: 'Objet', body: 'Corps' },
      'admin',
    );
    const document = await uploadDocument();
    const cases: [string, number][] = [
      ['courses', tree.course.id],
      ['modules', tree.modules[1].id],
      ['chapters', tree.chapters[3].id],
      ['chapter-parts', tree.parts[1].id],
      ['documents', document.id],
      ['sheets', sheet.id],
      ['folders', folder.id],
      ['notes-bo', note.id],
      ['notification-templates', template.id],
    ];
    expect(cases.map(([resource]) => resource).sort()).toEqual([...BINNABLE_NAMES].sort());
    const platform: Caller = { token: await t.tokenFor('superadmin') };
    for (const [resource, id] of cases.reverse()) {
      const who = resource === 'sheets' || resource === 'folders' ? platform : staff;
      const before = (await send(who, 'GET', `/api/${resource}/${id}`)).json;
      await remove(`/api/${resource === 'folders' ? 'folder' : resource}/${id}`, who);
      expect(await getStatus(resource, id, who), resource).toBe(404);
      const count = await t.request('GET', `/api/${resource}`, { token: who.token, headers: who.headers });
      expect(
        count.json['hydra:member'].map((row: { id: number }) => row.id),
        resource,
      ).not.toContain(id);
      const item = await binItemOf(resource, id, who);
      const restored = await restore(item, who);
      expect(restored.status, `${resource}: ${restored.body}`).toBe(200);
      const { updatedAt: _a, ...after } = (await send(who, 'GET', `/api/${resource}/${id}`)).json;
      const { updatedAt: _b, ...was } = before;
      expect(after, resource).toEqual(was);
    }
  });

  it('refuses in French to restore what was inside a parent now binned, then erased', async () => {
    const tree = await courseTree('Parent parti');
    await remove(`/api/chapters/${tree.chapters[3].id}`);
    await remove(`/api/modules/${tree.modules[1].id}`);
    const chapterItem = await binItemOf('chapters', tree.chapters[3].id);
    const moduleItem = await binItemOf('modules', tree.modules[1].id);
    const refused = await restore(chapterItem);
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ reason: 'parent_binned', binned: iri('recycle-bin', moduleItem.id) });
    expect(refused.json.detail).toContain('le module qui le contenait, « Parent parti M2 », est dans la corbeille');

    // The structure's administrator, who may delete its modules, erases what they see in the bin.
    expect((await send('admin', 'DELETE', `/api/recycle-bin/${moduleItem.id}`)).status).toBe(204);
    expect((await send(staff, 'DELETE', `/api/recycle-bin/${moduleItem.id}`)).status).toBe(404);
    const erased = await restore(chapterItem);
    expect(erased.status).toBe(422);
    expect(erased.json).toMatchObject({ reason: 'parent_erased' });
    expect(erased.json.detail).toBe(
      'Restauration impossible : le module qui le contenait a été supprimé définitivement.',
    );
  });

  it('refuses in French to restore a unique value now taken', async () => {
    const code = `taken_${Date.now()}`;
    const first = await create('notification-templates', { code, name: 'Premier', subject: 's', body: 'b' }, 'admin');
    await remove(`/api/notification-templates/${first.id}`);
    await create('notification-templates', { code, name: 'Second', subject: 's', body: 'b' }, 'admin');
    const refused = await restore(await binItemOf('notification-templates', first.id));
    expect(refused.status, refused.body).toBe(409);
    expect(refused.json.reason).toBe('taken');
    expect(refused.json.detail, refused.json.detail).toContain(`code « ${code} »`);
    expect(refused.json.detail).toMatch(/^Restauration impossible/);
  });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function uploadDocument(): Promise<{ id: number; key: string }> {
  const { payload, contentType } = multipartBody(
    { name: 'corbeille.pdf', type: 'application/pdf', bytes: PDF },
    { context: 'course' },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${await t.tokenFor('contributor')}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = Number(response.json().id);
  const [row] = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM documents WHERE id = $1', [id]);
  return { id, key: row.storage_key };
}

interface LoggedEntry {
  id: number;
  action: string;
  resource: string;
  recordId: number | null;
  company: { id: number } | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}

/** The audit log's newest entry of an action, as platform staff read it. */
async function latestEntry(action: string): Promise<LoggedEntry | undefined> {
  const response = await send({ token: await t.tokenFor('superadmin') }, 'GET', `/api/audit-log?action=${action}`);
  expect(response.status, response.body).toBe(200);
  return (response.json as LoggedEntry[])[0];
}

/** The records an entry logged as erased, from its changes' rows. */
const erasedBy = async (entry: { id?: number }) =>
  (
    await t.db.query<{ resource: string; record_id: number; operation: string; before: unknown }>(
      `SELECT resource, record_id, operation, before FROM audit_changes WHERE entry_id = $1 ORDER BY id`,
      [entry.id],
    )
  ).map((row) => [row.resource, row.record_id, row.operation, row.before]);

describe('erasing for good', () => {
  it('keeps a binned document’s file until the item is erased, then removes rows and file', async () => {
    const document = await uploadDocument();
    await remove(`/api/documents/${document.id}`);
    expect(await t.files.size(document.key)).toBe(PDF.length);
    const item = await binItemOf('documents', document.id);
    expect((await send('contributor', 'DELETE', `/api/recycle-bin/${item.id}`)).status).toBe(403);
    expect((await send(staff, 'DELETE', `/api/recycle-bin/${item.id}`)).status).toBe(204);
    expect(await t.files.size(document.key)).toBeUndefined();
    expect(await t.db.query('SELECT 1 FROM recycle_bin WHERE id = $1', [item.id])).toEqual([]);
    expect(await getStatus('documents', document.id)).toBe(404);
    expect((await restore(item)).status).toBe(404);
    const entry = await latestEntry('erase');
    expect(entry).toMatchObject({ resource: 'documents', recordId: document.id, company: { id: structure } });
    expect(entry!.changes).toEqual({ label: { before: item.label, after: null } });
    expect(await erasedBy(entry!)).toEqual([['documents', document.id, 'erase', { label: item.label }]]);
  });

  it('empties the structure’s bin, and only the items the session sees', async () => {
    const tree = await courseTree('Vider');
    await remove(`/api/chapters/${tree.chapters[3].id}`);
    const platform = { token: await t.tokenFor('superadmin') };
    const sheet = await create('sheets', { title: 'Fiche gardée' }, 'superadmin');
    await remove(`/api/sheets/${sheet.id}`, platform);
    expect((await send('contributor', 'POST', '/api/recycle-bin/empty')).status).toBe(403);
    expect((await send(staff, 'POST', '/api/recycle-bin/empty')).status).toBe(204);
    expect(await binned(staff)).toEqual([]);
    const entry = await latestEntry('empty-bin');
    expect(entry).toMatchObject({ resource: 'recycle-bin', recordId: null, company: { id: structure } });
    expect(await erasedBy(entry!)).toContainEqual([
      'chapters',
      tree.chapters[3].id,
      'erase',
      { label: expect.any(String) },
    ]);
    expect((await erasedBy(entry!)).map(([resource, id]) => [resource, id])).not.toContainEqual(['sheets', sheet.id]);
    // The platform's own items stay: the structure's bin was emptied, not every bin.
    expect((await binned(platform)).map((item) => [item.resource, item.recordId])).toContainEqual(['sheets', sheet.id]);
  });
});

describe('the purge', () => {
  it('erases, with their files, the items past their expiry, and only those', async () => {
    const old = await uploadDocument();
    const fresh = await uploadDocument();
    await remove(`/api/documents/${old.id}`);
    await remove(`/api/documents/${fresh.id}`);
    const oldItem = await binItemOf('documents', old.id);
    const freshItem = await binItemOf('documents', fresh.id);
    // The clock moved past the old item's expiry.
    await t.db.query(`UPDATE recycle_bin SET expires_at = now() - interval '1 second' WHERE id = $1`, [oldItem.id]);
    const scheduler = new JobScheduler(t.db, { tickMs: 3_600_000 }).define({
      name: 'test-recycle-bin-purge',
      everySeconds: 3600,
      run: () => purgeExpired(t.db.scoped(PLATFORM), t.files),
    });
    await scheduler.start();
    await scheduler.stop();
    const left = (await binned()).map((item) => item.id);
    expect(left).not.toContain(oldItem.id);
    expect(left).toContain(freshItem.id);
    expect(await t.files.size(old.key)).toBeUndefined();
    expect(await t.files.size(fresh.key)).toBe(PDF.length);
    const entry = await latestEntry('purge');
    expect(entry).toMatchObject({ resource: 'recycle-bin', recordId: null, user: null });
    expect(await erasedBy(entry!)).toEqual([['documents', old.id, 'erase', { label: oldItem.label }]]);
  });
});

describe('whose bin', () => {
  it('is invisible to another structure', async () => {
    const tree = await courseTree('Invisible');
    await remove(`/api/modules/${tree.modules[1].id}`);
    const item = await binItemOf('modules', tree.modules[1].id);
    const theirs = await administratorOf(t, structure, true);
    const otherStaff = { token: await t.tokenFor('superadmin'), headers: { 'x-structure': String(theirs.structure) } };
    for (const who of [stranger, otherStaff]) {
      expect((await binned(who)).map((candidate) => candidate.id)).not.toContain(item.id);
      expect((await send(who, 'GET', `/api/recycle-bin/${item.id}`)).status).toBe(404);
      expect((await restore(item, who)).status).toBe(404);
      expect((await send(who, 'DELETE', `/api/recycle-bin/${item.id}`)).status).toBe(404);
    }
    expect((await send(otherStaff, 'POST', '/api/recycle-bin/empty')).status).toBe(204);
    expect((await binned()).map((candidate) => candidate.id)).toContain(item.id);
  });

  it('shows each session the items of what it may delete: an administrator’s notes and structure content', async () => {
    const note = await create('notes-bo', { content: 'Ma note', user: iri('users', t.users.contributor.id) }, 'admin');
    await remove(`/api/notes-bo/${note.id}`, 'admin');
    const tree = await courseTree('Pour admin');
    await remove(`/api/chapters/${tree.chapters[3].id}`);
    const seen = await binned('admin');
    // A structure's administrators delete its content too (docs/SECURITY.md, rights): they see it binned.
    expect(seen.map((item) => item.resource)).toEqual(expect.arrayContaining(['notes-bo', 'chapters']));
    expect(await binned('contributor')).toEqual([]);
    const binnedNote = seen.find((item) => item.resource === 'notes-bo')!;
    expect((await send('contributor', 'GET', `/api/recycle-bin/${binnedNote.id}`)).status).toBe(404);
    expect((await restore(binnedNote, 'contributor')).status).toBe(404);
    expect((await restore(binnedNote, 'admin')).status).toBe(200);
    expect(await getStatus('notes-bo', note.id, 'admin')).toBe(200);
  });
});

describe('an author who may delete', () => {
  // Today's rights table lets only platform staff delete content; were a structure's authors allowed to
  // delete chapters, they would see and restore what they deleted, and never erase it for good.
  const chapters = RESOURCE_RIGHTS.chapters as { delete?: string };
  let before: string | undefined;
  beforeAll(() => {
    before = chapters.delete;
    chapters.delete = 'ROLE_USER';
  });
  afterAll(() => {
    chapters.delete = before;
  });

  it('restores what they deleted, and may not erase it for good', async () => {
    const tree = await courseTree('Auteur');
    await remove(`/api/chapters/${tree.chapters[3].id}`, 'contributor');
    const item = await binItemOf('chapters', tree.chapters[3].id, 'contributor');
    expect((await send('contributor', 'DELETE', `/api/recycle-bin/${item.id}`)).status).toBe(403);
    expect((await send('contributor', 'POST', '/api/recycle-bin/empty')).status).toBe(403);
    const restored = await restore(item, 'contributor');
    expect(restored.status, restored.body).toBe(200);
    expect(await getStatus('chapters', tree.chapters[3].id, 'contributor')).toBe(200);
  });
});

describe('in the audit log', () => {
  it('logs a delete to the bin as one delete and its restore as one restore, both naming the record', async () => {
    const tree = await courseTree('Plan journal');
    const chapter = tree.chapters[0];
    const entriesOf = async () => {
      const response = await send(staff, 'GET', `/api/audit-log?resource=chapters&recordId=${chapter.id}`);
      expect(response.status, response.body).toBe(200);
      return response.json as { action: string; recordId: number }[];
    };
    await remove(`/api/chapters/${chapter.id}`);
    expect((await entriesOf())[0]).toMatchObject({ action: 'delete', recordId: chapter.id });
    const restored = await restore(await binItemOf('chapters', chapter.id));
    expect(restored.status, restored.body).toBe(200);
    const [latest, deleted] = await entriesOf();
    expect(latest).toMatchObject({ action: 'restore', recordId: chapter.id });
    expect(deleted).toMatchObject({ action: 'delete' });
    // The bin's own rows are not logged: the delete's entry already holds what was deleted. Only the
    // bin emptied and purged are entries of the bin.
    const binEntries = await send(staff, 'GET', '/api/audit-log?resource=recycle-bin');
    for (const { action } of binEntries.json as { action: string }[]) expect(['empty-bin', 'purge']).toContain(action);
    const parts = await send(staff, 'GET', `/api/chapter-parts/${tree.parts[0].id}/revisions`);
    expect((parts.json as { operation: string; action: string }[]).slice(0, 2)).toMatchObject([
      { operation: 'create', action: 'restore' },
      { operation: 'delete', action: 'delete' },
    ]);
  });
});
