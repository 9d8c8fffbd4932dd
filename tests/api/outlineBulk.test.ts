import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX_IDS } from '../../src/domain/bulk.ts';
import { administratorOf, type Caller, sendAs, type Who } from '../security/support/structures.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The outline's bulk actions (`POST /api/{resource}/bulk`): several modules, chapters or parts moved,
 * duplicated, deleted (to the recycle bin, restorable) or tagged in one request, each node with the rights of
 * the single action; another structure's node, a node the session may not touch, or a bad target refuses the
 * whole request and changes nothing; the audit log names the action.
 */
let t: TestApp;
/** Platform staff working in the contributor's structure: who may delete content. */
let staff: Caller;
let stranger: Caller;

beforeAll(async () => {
  t = await createTestApp();
  const structure = Number(t.users.contributor.company);
  staff = { token: await t.tokenFor('superadmin'), headers: { 'x-structure': String(structure) } };
  stranger = (await administratorOf(t, structure, true)).caller;
});
afterAll(async () => {
  await t?.close();
});

const iri = (resource: string, id: number) => `/api/${resource}/${id}`;
const send = (who: Who, method: string, url: string, body?: unknown) => sendAs(t, who, method, url, body);
const bulk = (resource: string, body: Record<string, unknown>, who: Who = 'contributor') =>
  send(who, 'POST', `/api/${resource}/bulk`, body);

async function create(resource: string, body: Record<string, unknown>, who: Who = 'contributor') {
  const response = await send(who, 'POST', `/api/${resource}`, body);
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return response.json as { id: number } & Record<string, unknown>;
}

interface Outline {
  modules: { id: number; title: string; chapters: { id: number; title: string; parts: { title: string }[] }[] }[];
}
async function outlineOf(course: number, who: Who = 'contributor'): Promise<Outline> {
  const response = await send(who, 'GET', `/api/courses/${course}/outline`);
  expect(response.status, response.body).toBe(200);
  return response.json as Outline;
}
/** Module title → its chapters' titles, in order. */
const shape = (outline: Outline) =>
  Object.fromEntries(outline.modules.map((module) => [module.title, module.chapters.map((chapter) => chapter.title)]));

/** A course of two modules: M1 with chapters A, B, C (A with two parts), M2 with D. */
async function course(who: Who = 'contributor') {
  const made = await create('courses', { title: `Cours groupé ${Date.now()}` }, who);
  const m1 = await create('modules', { title: 'M1', course: iri('courses', made.id) }, who);
  const m2 = await create('modules', { title: 'M2', course: iri('courses', made.id) }, who);
  const chapter = (title: string, module: number) => create('chapters', { title, module: iri('modules', module) }, who);
  const a = await chapter('A', m1.id);
  const b = await chapter('B', m1.id);
  const c = await chapter('C', m1.id);
  const d = await chapter('D', m2.id);
  for (const title of ['a1', 'a2'])
    await create(
      'chapter-parts',
      { chapter: iri('chapters', a.id), type: 'notes', title, content: { text: title } },
      who,
    );
  return { id: made.id, m1: m1.id, m2: m2.id, a: a.id, b: b.id, c: c.id, d: d.id };
}

async function lastEntry(resource: string): Promise<{ action: string; record_id: number } | undefined> {
  const [entry] = await t.db.query<{ action: string; record_id: number }>(
    'SELECT action, record_id FROM audit_log WHERE resource = $1 ORDER BY id DESC LIMIT 1',
    [resource],
  );
  return entry;
}

describe('POST /api/chapters/bulk', () => {
  it('moves chapters together into another module at a position, in the order given, in one entry', async () => {
    const made = await course();
    const response = await bulk('chapters', {
      action: 'move',
      ids: [made.c, made.a, made.b],
      module: iri('modules', made.m2),
      position: 0,
    });
    expect(response.status, response.body).toBe(200);
    expect(response.json).toEqual({ ids: [made.c, made.a, made.b] });
    expect(shape(await outlineOf(made.id))).toEqual({ M1: [], M2: ['C', 'A', 'B', 'D'] });
    // The parts went with their chapter.
    const moved = (await outlineOf(made.id)).modules[1].chapters[1];
    expect(moved.parts.map((part) => part.title)).toEqual(['a1', 'a2']);
    expect(await lastEntry('chapters')).toMatchObject({ action: 'bulk-move', record_id: made.c });
    // Positions stay dense in both groups.
    const positions = await t.db.query<{ module_id: number; position: number }>(
      'SELECT module_id, position FROM chapters WHERE module_id = ANY($1::int4[]) ORDER BY module_id, position',
      [[made.m1, made.m2]],
    );
    expect(positions.map((row) => row.position)).toEqual([0, 1, 2, 3]);
  });

  it('moves within the same module, and to the end without a position', async () => {
    const made = await course();
    expect(
      (await bulk('chapters', { action: 'move', ids: [made.a, made.b], module: iri('modules', made.m1) })).status,
    ).toBe(200);
    expect(shape(await outlineOf(made.id))).toEqual({ M1: ['C', 'A', 'B'], M2: ['D'] });
  });

  it("refuses the whole move when one node is another structure's, or the target is not writable", async () => {
    const made = await course();
    const theirs = await course(stranger);
    const before = shape(await outlineOf(made.id));
    const mixed = await bulk('chapters', {
      action: 'move',
      ids: [made.a, theirs.a],
      module: iri('modules', made.m2),
    });
    expect(mixed.status).toBe(404);
    const intoTheirs = await bulk('chapters', { action: 'move', ids: [made.a], module: iri('modules', theirs.m1) });
    expect(intoTheirs.status).toBe(422);
    expect(intoTheirs.json).toMatchObject({ violations: [expect.objectContaining({ propertyPath: 'module' })] });
    expect(shape(await outlineOf(made.id))).toEqual(before);
    expect(shape(await outlineOf(theirs.id, stranger))).toEqual({ M1: ['A', 'B', 'C'], M2: ['D'] });
    const late = await bulk('chapters', {
      action: 'move',
      ids: [made.a],
      module: iri('modules', made.m2),
      position: 5,
    });
    expect(late.status).toBe(422);
    expect(shape(await outlineOf(made.id))).toEqual(before);
  });

  it('duplicates chapters just after each source, with their parts', async () => {
    const made = await course();
    const response = await bulk('chapters', { action: 'duplicate', ids: [made.a, made.c] });
    expect(response.status, response.body).toBe(200);
    const copies = (response.json as { ids: number[] }).ids;
    expect(copies).toHaveLength(2);
    const outline = await outlineOf(made.id);
    expect(shape(outline)).toEqual({ M1: ['A', 'A', 'B', 'C', 'C'], M2: ['D'] });
    expect(outline.modules[0].chapters[1]).toMatchObject({ id: copies[0], parts: [{ title: 'a1' }, { title: 'a2' }] });
    expect(outline.modules[0].chapters[4].id).toBe(copies[1]);
    expect(await lastEntry('chapters')).toMatchObject({ action: 'bulk-duplicate' });
  });

  it('deletes to the recycle bin for those who may delete, one restorable item per node; a contributor may not', async () => {
    const made = await course();
    const refused = await bulk('chapters', { action: 'delete', ids: [made.a, made.b] });
    expect(refused.status).toBe(403);
    expect(shape(await outlineOf(made.id))).toEqual({ M1: ['A', 'B', 'C'], M2: ['D'] });

    const response = await bulk('chapters', { action: 'delete', ids: [made.a, made.b] }, staff);
    expect(response.status, response.body).toBe(200);
    expect(shape(await outlineOf(made.id))).toEqual({ M1: ['C'], M2: ['D'] });
    expect(await lastEntry('chapters')).toMatchObject({ action: 'bulk-delete', record_id: made.a });
    const bin = (await send(staff, 'GET', '/api/recycle-bin?itemsPerPage=200')).json as {
      id: number;
      resource: string;
      recordId: number;
      contents: Record<string, number>;
    }[];
    const itemOf = (id: number) => bin.find((item) => item.resource === 'chapters' && item.recordId === id);
    expect(itemOf(made.a)?.contents).toEqual({ 'chapter-parts': 2 });
    expect(itemOf(made.b)).toBeDefined();
    const restored = await send(staff, 'POST', `/api/recycle-bin/${itemOf(made.a)!.id}/restore`);
    expect(restored.status, restored.body).toBe(200);
    const outline = await outlineOf(made.id);
    expect(shape(outline)).toEqual({ M1: ['A', 'C'], M2: ['D'] });
    expect(outline.modules[0].chapters[0].parts.map((part) => part.title)).toEqual(['a1', 'a2']);
  });

  it("deletes nothing when one node is another structure's", async () => {
    const made = await course();
    const theirs = await course(stranger);
    const response = await bulk('chapters', { action: 'delete', ids: [made.a, theirs.b] }, staff);
    expect(response.status).toBe(404);
    expect(shape(await outlineOf(made.id))).toEqual({ M1: ['A', 'B', 'C'], M2: ['D'] });
  });

  it('is bounded in count, and refuses an action the resource does not take', async () => {
    const made = await course();
    const many = Array.from({ length: BULK_MAX_IDS + 1 }, (_, index) => index + 1);
    expect((await bulk('chapters', { action: 'move', ids: many, module: iri('modules', made.m1) })).status).toBe(422);
    expect((await bulk('chapters', { action: 'move', ids: [], module: iri('modules', made.m1) })).status).toBe(422);
    expect((await bulk('chapters', { action: 'add-tags', ids: [made.a], tags: [] })).status).toBe(422);
    expect((await bulk('chapters', { action: 'move', ids: [made.a] })).status).toBe(422);
    const anonymous = await t.request('POST', '/api/chapters/bulk', { body: { action: 'move', ids: [made.a] } });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/modules/bulk and /api/chapter-parts/bulk', () => {
  it("adds tags to modules, all or none: a tag of another structure's refuses the whole request", async () => {
    const made = await course();
    const tag = await create('tags', { name: `groupé-${Date.now()}` });
    const theirTag = await create('tags', { name: `autre-${Date.now()}` }, stranger);
    const refused = await bulk('modules', {
      action: 'add-tags',
      ids: [made.m1, made.m2],
      tags: [iri('tags', tag.id), iri('tags', theirTag.id)],
    });
    expect(refused.status).toBe(422);
    const tagsOf = async (module: number) =>
      ((await send('contributor', 'GET', `/api/modules/${module}`)).json as { tags: string[] }).tags;
    expect(await tagsOf(made.m1)).toEqual([]);
    const response = await bulk('modules', {
      action: 'add-tags',
      ids: [made.m1, made.m2],
      tags: [iri('tags', tag.id)],
    });
    expect(response.status, response.body).toBe(200);
    expect(await tagsOf(made.m1)).toEqual([iri('tags', tag.id)]);
    expect(await tagsOf(made.m2)).toEqual([iri('tags', tag.id)]);
    expect(await lastEntry('modules')).toMatchObject({ action: 'bulk-add-tags' });
  });

  it('reorders modules together and duplicates them with their chapters', async () => {
    const made = await course();
    expect(
      (await bulk('modules', { action: 'move', ids: [made.m2], course: iri('courses', made.id), position: 0 })).status,
    ).toBe(200);
    expect(Object.keys(shape(await outlineOf(made.id)))).toEqual(['M2', 'M1']);
    const copied = await bulk('modules', { action: 'duplicate', ids: [made.m1] });
    expect(copied.status, copied.body).toBe(200);
    const outline = await outlineOf(made.id);
    expect(outline.modules.map((module) => [module.title, module.chapters.length])).toEqual([
      ['M2', 1],
      ['M1', 3],
      ['M1', 3],
    ]);
  });

  it('moves parts into another chapter', async () => {
    const made = await course();
    const parts = (await outlineOf(made.id)).modules[0].chapters[0].parts as unknown as { id: number }[];
    const response = await bulk('chapter-parts', {
      action: 'move',
      ids: parts.map((part) => part.id),
      chapter: iri('chapters', made.d),
    });
    expect(response.status, response.body).toBe(200);
    const outline = await outlineOf(made.id);
    expect(outline.modules[0].chapters[0].parts).toEqual([]);
    expect(outline.modules[1].chapters[0].parts.map((part) => part.title)).toEqual(['a1', 'a2']);
  });
});
