import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM } from '../../server/db/scope.ts';
import { purgeRetiredNodes, showRemovedSql } from '../../server/resources/liveVersion.ts';
import { administratorOf, createAs, sendAs, type Who } from '../security/support/structures.ts';
import { iri } from './support/samples.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Nothing removed outside the bin: a node removed from a published course's draft stays its learners' until the
 * publish, and lands in the recycle bin, from where it comes back into the draft on its own (the rest of the
 * draft kept); its removal, like any one node's change, can be discarded alone; and only real changes are
 * "Modifié": the siblings a move or a removal shifts are not.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const send = (who: Who, method: string, url: string, body?: unknown) => sendAs(t, who, method, url, body);
const create = async (resource: string, body: Record<string, unknown>) =>
  (await createAs(t, 'admin', resource, body)).id;

/** Deletes and the bin are platform staff's today; the rest the structure's administrator's. */
async function ok(method: string, url: string, body?: unknown) {
  const who: Who = method === 'DELETE' || url.startsWith('/api/recycle-bin') ? 'superadmin' : 'admin';
  const response = await send(who, method, url, body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}));
  expect(response.status, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

const part = (chapter: number, title: string) =>
  create('chapter-parts', {
    chapter: iri('chapters', chapter),
    type: 'interactive_text',
    title,
    content: { question: title },
  });

/** A published course: M1 → A (a1, a2), B (b1); M2 (tagged) → C (c1). */
async function publishedCourse() {
  const id = await create('courses', { title: `Corbeille ${Date.now()}` });
  const tag = await create('tags', { name: `Étiquette ${Date.now()}-${Math.random()}` });
  const m1 = await create('modules', { title: 'M1', course: iri('courses', id) });
  const m2 = await create('modules', { title: 'M2', course: iri('courses', id), tags: [iri('tags', tag)] });
  const a = await create('chapters', { title: 'A', module: iri('modules', m1) });
  const b = await create('chapters', { title: 'B', module: iri('modules', m1) });
  const c = await create('chapters', { title: 'C', module: iri('modules', m2) });
  const made = { id, tag, m1, m2, a, b, c, a1: await part(a, 'a1'), a2: await part(a, 'a2') };
  const more = { b1: await part(b, 'b1'), c1: await part(c, 'c1') };
  await ok('PUT', `/api/courses/${id}/publish`);
  return { ...made, ...more };
}

const LIVE = { M1: { A: ['a1', 'a2'], B: ['b1'] }, M2: { C: ['c1'] } };

interface Menu {
  modules: { title: string; chapters: { title: string; parts: { title: string }[] }[] }[];
}
async function menuOf(course: number, version?: string) {
  const response = await send('admin', 'GET', `/api/courses/${course}/menu${version ? `?version=${version}` : ''}`);
  expect(response.status, response.body).toBe(200);
  return Object.fromEntries(
    (response.json as Menu).modules.map((module) => [
      module.title,
      Object.fromEntries(module.chapters.map((chapter) => [chapter.title, chapter.parts.map((p) => p.title)])),
    ]),
  );
}

const draftOf = async (course: number) =>
  (await ok('GET', `/api/courses/${course}/draft`)).json as {
    changed: boolean;
    nodes: { modules: number[]; chapters: number[]; parts: number[] };
  };

interface BinItem {
  id: number;
  resource: string;
  recordId: number;
  label: string;
  contents: Record<string, number>;
}
const binItemOf = async (resource: string, recordId: number) =>
  ((await ok('GET', `/api/recycle-bin?itemsPerPage=200&resource=${resource}`)).json as BinItem[]).find(
    (item) => item.recordId === recordId,
  );

describe('a node removed from a published course', () => {
  it('lands in the recycle bin and comes back alone into the draft, where it was, with its tags', async () => {
    const made = await publishedCourse();
    await ok('PUT', `/api/chapters/${made.a}`, { title: 'A modifié' });
    await ok('DELETE', `/api/modules/${made.m2}`);
    // Learners keep it until the publish; the draft has it no more; the bin has it, with what it holds.
    expect(await menuOf(made.id)).toEqual(LIVE);
    expect(await menuOf(made.id, 'draft')).toEqual({ M1: { 'A modifié': ['a1', 'a2'], B: ['b1'] } });
    const item = await binItemOf('modules', made.m2);
    expect(item).toMatchObject({ label: 'M2', contents: { chapters: 1, 'chapter-parts': 1 } });

    const restored = await send('superadmin', 'POST', `/api/recycle-bin/${item!.id}/restore`);
    expect(restored.status, restored.body).toBe(200);
    expect(restored.json).toEqual({ resource: 'modules', record: iri('modules', made.m2) });
    // Back in its place with what it held and its tag; the other edit kept; nothing else marked.
    expect(await menuOf(made.id, 'draft')).toEqual({ M1: { 'A modifié': ['a1', 'a2'], B: ['b1'] }, M2: { C: ['c1'] } });
    const module = (await ok('GET', `/api/modules/${made.m2}`)).json;
    expect([module.position, module.tags]).toEqual([1, [iri('tags', made.tag)]]);
    expect((await draftOf(made.id)).nodes).toEqual({ modules: [], chapters: [made.a], parts: [] });
    expect(await binItemOf('modules', made.m2)).toBeUndefined();
  });

  it('is kept for the bin after a publish, comes back then as new, and is purged once erased', async () => {
    const made = await publishedCourse();
    await ok('DELETE', `/api/chapters/${made.b}`);
    await ok('PUT', `/api/courses/${made.id}/publish`);
    expect(await menuOf(made.id)).toEqual({ M1: { A: ['a1', 'a2'] }, M2: { C: ['c1'] } });
    // Out of every version, but its removal is in the bin: the periodic purge leaves it.
    const purge = () => purgeRetiredNodes(t.db.scoped(PLATFORM));
    await purge();
    const present = () =>
      t.db.transaction(async (tx) => {
        await tx.query(showRemovedSql(true));
        return (await tx.query(`SELECT 1 FROM chapters WHERE id = $1`, [made.b])).length === 1;
      });
    expect(await present()).toBe(true);
    const item = await binItemOf('chapters', made.b);
    await ok('POST', `/api/recycle-bin/${item!.id}/restore`);
    expect(await menuOf(made.id, 'draft')).toEqual(LIVE);
    // Learners lack it now: it is a change to publish.
    expect((await draftOf(made.id)).nodes.chapters).toEqual([made.b]);
    // Removed again and erased from the bin: nothing keeps it any more.
    await ok('DELETE', `/api/chapters/${made.b}`);
    await ok('DELETE', `/api/recycle-bin/${(await binItemOf('chapters', made.b))!.id}`);
    await purge();
    expect(await present()).toBe(false);
  });

  it('is refused back while what held it is still in the bin, in French', async () => {
    const made = await publishedCourse();
    await ok('DELETE', `/api/chapters/${made.c}`);
    await ok('DELETE', `/api/modules/${made.m2}`);
    const chapter = await binItemOf('chapters', made.c);
    const module = await binItemOf('modules', made.m2);
    const refused = await send('superadmin', 'POST', `/api/recycle-bin/${chapter!.id}/restore`);
    expect(refused.status).toBe(422);
    expect(refused.json.detail).toBe(
      "Restauration impossible : le module qui le contenait, « M2 », est dans la corbeille. Restaurez-le d'abord.",
    );
    expect(refused.json.binned).toBe(iri('recycle-bin', module!.id));
    await ok('POST', `/api/recycle-bin/${module!.id}/restore`);
    await ok('POST', `/api/recycle-bin/${chapter!.id}/restore`);
    expect(await menuOf(made.id, 'draft')).toEqual(LIVE);
    expect((await draftOf(made.id)).changed).toBe(false);
  });

  it('goes with its course into the course’s own bin item', async () => {
    const made = await publishedCourse();
    await ok('DELETE', `/api/chapter-parts/${made.c1}`);
    expect(await binItemOf('chapter-parts', made.c1)).toBeDefined();
    await ok('DELETE', `/api/courses/${made.id}`);
    expect(await binItemOf('chapter-parts', made.c1)).toBeUndefined();
    await ok('POST', `/api/recycle-bin/${(await binItemOf('courses', made.id))!.id}/restore`);
    expect(await menuOf(made.id)).toEqual(LIVE);
  });

  it('leaves the bin when the whole draft is discarded', async () => {
    const made = await publishedCourse();
    await ok('DELETE', `/api/modules/${made.m2}`);
    await ok('PUT', `/api/courses/${made.id}/discard`);
    expect(await menuOf(made.id, 'draft')).toEqual(LIVE);
    expect(await binItemOf('modules', made.m2)).toBeUndefined();
    expect((await ok('GET', `/api/modules/${made.m2}`)).json.tags).toEqual([iri('tags', made.tag)]);
  });
});

describe('discarding one node’s changes', () => {
  it('brings a removal back as learners have it, the rest of the draft kept', async () => {
    const made = await publishedCourse();
    await ok('PUT', `/api/chapters/${made.a}`, { title: 'A modifié' });
    await ok('PUT', `/api/chapters/${made.b}`, { title: 'B modifié' });
    await ok('DELETE', `/api/chapters/${made.b}`);
    const discarded = await send('admin', 'PUT', `/api/chapters/${made.b}/discard`, {});
    expect(discarded.status, discarded.body).toBe(200);
    expect(discarded.json.title).toBe('B');
    expect(await menuOf(made.id, 'draft')).toEqual({ M1: { 'A modifié': ['a1', 'a2'], B: ['b1'] }, M2: { C: ['c1'] } });
    expect((await draftOf(made.id)).nodes).toEqual({ modules: [], chapters: [made.a], parts: [] });
    expect(await binItemOf('chapters', made.b)).toBeUndefined();
  });

  it('puts a moved and edited part back in its live place and words', async () => {
    const made = await publishedCourse();
    await ok('PUT', `/api/chapter-parts/${made.a2}`, { chapter: iri('chapters', made.c), title: 'déplacée' });
    await ok('PUT', `/api/chapters/${made.a}`, { title: 'A modifié' });
    await ok('PUT', `/api/chapter-parts/${made.a2}/discard`, {});
    expect(await menuOf(made.id, 'draft')).toEqual({ M1: { 'A modifié': ['a1', 'a2'], B: ['b1'] }, M2: { C: ['c1'] } });
    expect((await draftOf(made.id)).nodes).toEqual({ modules: [], chapters: [made.a], parts: [] });
  });

  it('is refused in French for a node learners never had, and unknown to another structure', async () => {
    const made = await publishedCourse();
    const fresh = await part(made.a, 'nouvelle');
    const refused = await send('admin', 'PUT', `/api/chapter-parts/${fresh}/discard`, {});
    expect(refused.status).toBe(422);
    expect(refused.json.detail).toBe("La partie n'est pas dans la version publiée : rien à annuler.");
    expect((await send('admin', 'PUT', '/api/chapter-parts/999999999/discard', {})).status).toBe(404);
    const { caller: stranger } = await administratorOf(t, Number(t.users.admin.company), true);
    expect((await send(stranger, 'PUT', `/api/chapter-parts/${made.a1}/discard`, {})).status).toBe(404);
  });
});

describe('what counts as "Modifié"', () => {
  /** A published course of one chapter with parts p0..p5. */
  async function sixParts() {
    const id = await create('courses', { title: `Ordre ${Date.now()}` });
    const m = await create('modules', { title: 'M', course: iri('courses', id) });
    const chapter = await create('chapters', { title: 'Ch', module: iri('modules', m) });
    const parts: number[] = [];
    for (let n = 0; n < 6; n++) parts.push(await part(chapter, `p${n}`));
    await ok('PUT', `/api/courses/${id}/publish`);
    return { id, chapter, parts };
  }

  it('marks the parts moved, not the siblings they shift', async () => {
    const { id, parts } = await sixParts();
    await ok('PUT', `/api/chapter-parts/${parts[1]}`, { position: 4 });
    await ok('PUT', `/api/chapter-parts/${parts[5]}`, { position: 0 });
    const draft = await draftOf(id);
    expect(draft.changed).toBe(true);
    expect(draft.nodes).toEqual({ modules: [], chapters: [], parts: [parts[1], parts[5]].sort((a, b) => a - b) });
    // Moved back, nothing differs.
    await ok('PUT', `/api/chapter-parts/${parts[5]}`, { position: 5 });
    await ok('PUT', `/api/chapter-parts/${parts[1]}`, { position: 1 });
    expect(await draftOf(id)).toMatchObject({ changed: false, nodes: { parts: [] } });
  });

  it('marks a part added and the chapter of a part removed, not the parts after them', async () => {
    const { id, chapter, parts } = await sixParts();
    await ok('DELETE', `/api/chapter-parts/${parts[2]}`);
    expect((await draftOf(id)).nodes).toEqual({ modules: [], chapters: [chapter], parts: [] });
    const added = await create('chapter-parts', {
      chapter: iri('chapters', chapter),
      type: 'interactive_text',
      title: 'nouvelle',
      position: 0,
    });
    expect((await draftOf(id)).nodes).toEqual({ modules: [], chapters: [chapter], parts: [added] });
    // The courses' filter says the same.
    const listed = (await ok('GET', `/api/courses?unpublishedChanges=true&itemsPerPage=200`)).json as { id: number }[];
    expect(listed.map((course) => course.id)).toContain(id);
  });
});
