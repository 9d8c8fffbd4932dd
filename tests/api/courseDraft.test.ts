import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../server/db/scope.ts';
import { PLATFORM } from '../../server/db/scope.ts';
import { declarations } from '../../server/resources/definitions/index.ts';
import {
  learnerReferencesOf,
  liveLevels,
  purgeRetiredNodes,
  showRemovedSql,
} from '../../server/resources/liveVersion.ts';
import { PUBLISH_RIGHT } from '../../server/resources/publishing.ts';
import { administratorOf, type Caller, createAs, sendAs, type Who } from '../security/support/structures.ts';
import { iri } from './support/samples.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Draft and live (src/domain/courseVersions.ts): once a course is published, what learners get (`/menu`,
 * `/displayable`, answering a part) is its live version; the authors' edits go to the draft, marked in the
 * outline, until "publish" makes them live or "discard" brings the draft back to the live version exactly.
 * A part removed from the draft stays the learners' until the publish, and its answers stay after it.
 */
let t: TestApp;
let stranger: Caller;
let strangerStructure: number;

const PAST = new Date(Date.now() - 365 * 86_400_000).toISOString();
const FUTURE = new Date(Date.now() + 365 * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  ({ caller: stranger, structure: strangerStructure } = await administratorOf(
    t,
    Number(t.users.contributor.company),
    true,
  ));
});
afterAll(async () => {
  await t?.close();
});

const send = (who: Who, method: string, url: string, body?: unknown) => sendAs(t, who, method, url, body);
const create = async (resource: string, body: Record<string, unknown>, who: Who = 'contributor') =>
  (await createAs(t, who, resource, body)).id;

async function ok(who: Who, method: string, url: string, body?: unknown) {
  const response = await send(who, method, url, body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}));
  expect(response.status, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

/** A published course: M1 → A (parts a1, a2), B (part b1); M2 → C (part c1). */
async function publishedCourse(who: Who = 'admin') {
  const id = await create('courses', { title: `Brouillon ${Date.now()}` }, who);
  const m1 = await create('modules', { title: 'M1', course: iri('courses', id) }, who);
  const m2 = await create('modules', { title: 'M2', course: iri('courses', id) }, who);
  const a = await create('chapters', { title: 'A', module: iri('modules', m1) }, who);
  const b = await create('chapters', { title: 'B', module: iri('modules', m1) }, who);
  const c = await create('chapters', { title: 'C', module: iri('modules', m2) }, who);
  const part = (chapter: number, title: string) =>
    create(
      'chapter-parts',
      { chapter: iri('chapters', chapter), type: 'interactive_text', title, content: { question: title } },
      who,
    );
  const a1 = await part(a, 'a1');
  const a2 = await part(a, 'a2');
  const b1 = await part(b, 'b1');
  const c1 = await part(c, 'c1');
  await ok(who, 'PUT', `/api/courses/${id}/publish`);
  return { id, m1, m2, a, b, c, a1, a2, b1, c1 };
}

interface Menu {
  modules: { title: string; chapters: { title: string; parts: { title: string }[] }[] }[];
}
/** Module → chapter → its parts' titles, as `/menu` gives them. */
async function menuOf(course: number, who: Who = 'contributor', version?: string) {
  const response = await send(who, 'GET', `/api/courses/${course}/menu${version ? `?version=${version}` : ''}`);
  expect(response.status, response.body).toBe(200);
  return Object.fromEntries(
    (response.json as Menu).modules.map((module) => [
      module.title,
      Object.fromEntries(module.chapters.map((chapter) => [chapter.title, chapter.parts.map((part) => part.title)])),
    ]),
  );
}

const outlineOf = async (course: number, who: Who = 'admin') => {
  const outline = (await ok(who, 'GET', `/api/courses/${course}/outline`)).json as {
    updatedAt: string;
    modules: unknown[];
  };
  const draft = (await ok(who, 'GET', `/api/courses/${course}/draft`)).json as {
    live: boolean;
    changed: boolean;
    nodes: { modules: number[]; chapters: number[]; parts: number[] };
  };
  return { ...outline, draft };
};

/** The outline without the course's own last write (a discard is one). */
const treeOf = async (course: number) => {
  const { updatedAt: _written, ...rest } = (await ok('admin', 'GET', `/api/courses/${course}/outline`)).json;
  return rest;
};

const answer = (part: number) =>
  send('admin', 'POST', '/api/chapter-part-responses', {
    chapterPart: iri('chapter-parts', part),
    user: iri('users', t.users.contributor.id),
    value: { text: 'Ma réponse' },
  });

const LIVE = { M1: { A: ['a1', 'a2'], B: ['b1'] }, M2: { C: ['c1'] } };

/** Edits of every kind to the draft: a title, a content, a move, a new chapter and part, a removal. */
async function editDraft(made: Awaited<ReturnType<typeof publishedCourse>>) {
  await ok('admin', 'PUT', `/api/chapters/${made.a}`, { title: 'A modifié' });
  await ok('admin', 'PUT', `/api/chapter-parts/${made.a1}`, { content: { question: 'Nouvelle question' } });
  await ok('admin', 'PUT', `/api/chapters/${made.c}`, { module: iri('modules', made.m1) });
  const d = await create('chapters', { title: 'D', module: iri('modules', made.m2) }, 'admin');
  await create('chapter-parts', { chapter: iri('chapters', d), type: 'interactive_text', title: 'd1' }, 'admin');
  await create('chapter-parts', { chapter: iri('chapters', made.b), type: 'interactive_text', title: 'b2' }, 'admin');
  await ok('superadmin', 'DELETE', `/api/chapter-parts/${made.b1}`);
  await ok('admin', 'PUT', `/api/chapter-parts/${made.a2}`, { position: 0 });
  return { d };
}

describe('a published course: its draft and its live version', () => {
  it('keeps draft edits from learners until they are published', async () => {
    const made = await publishedCourse();
    expect(await menuOf(made.id)).toEqual(LIVE);
    const { d } = await editDraft(made);
    // Learners: the live version, untouched, its chapters and parts answerable as before.
    expect(await menuOf(made.id)).toEqual(LIVE);
    const shown = await ok('contributor', 'GET', `/api/chapters/${made.a}/displayable`);
    expect(shown.json.title).toBe('A');
    expect(shown.json.parts.map((part: { title: string; content: unknown }) => [part.title, part.content])).toEqual([
      ['a1', { question: 'a1' }],
      ['a2', { question: 'a2' }],
    ]);
    expect((await send('contributor', 'GET', `/api/chapters/${d}/displayable`)).status).toBe(404);
    expect((await answer(made.b1)).status).toBe(201);
    // Those who edit the course preview the draft; a version is one of two.
    expect(await menuOf(made.id, 'admin', 'draft')).toEqual({
      M1: { 'A modifié': ['a2', 'a1'], B: ['b2'], C: ['c1'] },
      M2: { D: ['d1'] },
    });
    expect((await send('contributor', 'GET', `/api/courses/${made.id}/menu?version=brouillon`)).status).toBe(400);
    const preview = await ok('admin', 'GET', `/api/chapters/${made.a}/displayable?version=draft`);
    expect(preview.json.title).toBe('A modifié');
    // The outline marks the course and each changed node; the removed part is gone from it.
    const outline = await outlineOf(made.id);
    expect(outline.draft.live).toBe(true);
    expect(outline.draft.changed).toBe(true);
    expect(outline.draft.nodes.chapters.sort()).toEqual([made.a, made.b, made.c, d].sort());
    expect(outline.draft.nodes.parts).toHaveLength(4);
    expect(outline.draft.nodes.parts).toEqual(expect.arrayContaining([made.a1, made.a2]));
    expect(outline.draft.nodes.modules).toEqual([]);
    expect(JSON.stringify(outline.modules)).not.toContain('"b1"');
    expect((await send('admin', 'GET', `/api/chapter-parts/${made.b1}`)).status).toBe(404);

    const published = await ok('admin', 'PUT', `/api/courses/${made.id}/publish`);
    expect(published.json.status).toBe('published');
    expect(await menuOf(made.id)).toEqual({
      M1: { 'A modifié': ['a2', 'a1'], B: ['b2'], C: ['c1'] },
      M2: { D: ['d1'] },
    });
    expect((await ok('contributor', 'GET', `/api/chapters/${d}/displayable`)).json.title).toBe('D');
    // Read from the live nodes' own columns, the learners' views say exactly what the draft's tables say.
    for (const url of [`/api/courses/${made.id}/menu`, `/api/chapters/${made.a}/displayable`])
      expect((await ok('admin', 'GET', url)).json).toEqual((await ok('admin', 'GET', `${url}?version=draft`)).json);
    expect((await answer(made.b1)).status).toBe(422);
    const after = await outlineOf(made.id);
    expect(after.draft).toEqual({
      live: true,
      changed: false,
      course: false,
      nodes: { modules: [], chapters: [], parts: [] },
    });
  });

  it('keeps the course’s own title and description in the draft until they are published', async () => {
    const made = await publishedCourse();
    const live = (await ok('admin', 'GET', `/api/courses/${made.id}`)).json as { title: string; description: string };
    const menuTitle = async (who: Who = 'contributor', version?: string) =>
      (await ok(who, 'GET', `/api/courses/${made.id}/menu${version ? `?version=${version}` : ''}`)).json.title;
    await ok('admin', 'PUT', `/api/courses/${made.id}`, {
      title: 'Titre modifié',
      description: 'Nouvelle description',
    });
    // Learners keep the live title; the authors' draft and preview have the new one.
    expect(await menuTitle()).toBe(live.title);
    expect(await menuTitle('admin', 'draft')).toBe('Titre modifié');
    expect((await ok('admin', 'GET', `/api/courses/${made.id}`)).json.title).toBe('Titre modifié');
    let draft = (await outlineOf(made.id)).draft;
    expect(draft).toMatchObject({ live: true, changed: true, course: true });
    expect(draft.nodes).toEqual({ modules: [], chapters: [], parts: [] });
    // Discard: the course's fields back as learners have them, nothing left to publish.
    await ok('admin', 'PUT', `/api/courses/${made.id}/discard`);
    const back = (await ok('admin', 'GET', `/api/courses/${made.id}`)).json;
    expect([back.title, back.description]).toEqual([live.title, live.description]);
    expect((await outlineOf(made.id)).draft).toMatchObject({ changed: false, course: false });
    // Publish: learners get them.
    await ok('admin', 'PUT', `/api/courses/${made.id}`, { description: 'Nouvelle description' });
    expect((await outlineOf(made.id)).draft).toMatchObject({ changed: true, course: true });
    await ok('admin', 'PUT', `/api/courses/${made.id}`, { title: 'Titre publié' });
    await ok('admin', 'PUT', `/api/courses/${made.id}/publish`);
    expect(await menuTitle()).toBe('Titre publié');
    draft = (await outlineOf(made.id)).draft;
    expect(draft).toMatchObject({ changed: false, course: false });
    const [{ fields }] = await t.db.query<{ fields: unknown }>(`SELECT fields FROM course_live WHERE course_id = $1`, [
      made.id,
    ]);
    expect(fields).toEqual({ title: 'Titre publié', description: 'Nouvelle description' });
  });

  it('leaves the authors’ own fields (tags, template flag, prerequisites) live at once, outside the draft', async () => {
    const made = await publishedCourse();
    const tag = await create('tags', { name: `Étiquette ${Date.now()}` }, 'admin');
    await ok('admin', 'PUT', `/api/courses/${made.id}`, { isTemplate: true, tags: [iri('tags', tag)] });
    await ok('admin', 'PUT', `/api/chapters/${made.b}`, { unlocks: [iri('chapters', made.a)] });
    expect((await outlineOf(made.id)).draft).toMatchObject({ changed: false, course: false });
    await ok('admin', 'PUT', `/api/courses/${made.id}/discard`);
    expect((await ok('admin', 'GET', `/api/courses/${made.id}`)).json).toMatchObject({
      isTemplate: true,
      tags: [iri('tags', tag)],
    });
    expect((await ok('admin', 'GET', `/api/chapters/${made.b}`)).json.unlocks).toEqual([iri('chapters', made.a)]);
  });

  it('keeps the answers of a removed part through the publish', async () => {
    const made = await publishedCourse();
    const given = await answer(made.b1);
    expect(given.status).toBe(201);
    await ok('superadmin', 'DELETE', `/api/chapters/${made.b}`);
    await ok('admin', 'PUT', `/api/courses/${made.id}/publish`);
    expect(await menuOf(made.id)).toEqual({ M1: { A: ['a1', 'a2'] }, M2: { C: ['c1'] } });
    const kept = await ok('admin', 'GET', `/api/chapter-part-responses/${given.json.id}`);
    expect(kept.json.value).toEqual({ text: 'Ma réponse' });
    // Hidden from the authors for good: a discard no longer brings back what a publish made live.
    await ok('admin', 'PUT', `/api/courses/${made.id}/discard`);
    expect((await send('admin', 'GET', `/api/chapters/${made.b}`)).status).toBe(404);
  });

  it('discards the draft back to the live version exactly', async () => {
    const made = await publishedCourse();
    const before = await treeOf(made.id);
    await editDraft(made);
    await ok('superadmin', 'DELETE', `/api/modules/${made.m2}`);
    expect(await treeOf(made.id)).not.toEqual(before);
    const discarded = await ok('admin', 'PUT', `/api/courses/${made.id}/discard`);
    expect(discarded.json.status).toBe('published');
    expect(await treeOf(made.id)).toEqual(before);
    expect(await menuOf(made.id, 'admin', 'draft')).toEqual(LIVE);
    const audit = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE resource = 'courses' AND record_id = $1 ORDER BY id`,
      [made.id],
    );
    expect(audit.map((entry) => entry.action)).toContain('discard');
  });

  it('keeps live chapters deleted in bulk for learners, and leaves them out of a copy', async () => {
    const made = await publishedCourse();
    const fresh = await create('chapters', { title: 'Neuf', module: iri('modules', made.m2) }, 'admin');
    await create('chapter-parts', { chapter: iri('chapters', fresh), type: 'interactive_text', title: 'n1' }, 'admin');
    const deleted = await send('superadmin', 'POST', '/api/chapters/bulk', { action: 'delete', ids: [made.b, fresh] });
    expect(deleted.status, deleted.body).toBe(200);
    expect(await menuOf(made.id)).toEqual(LIVE);
    expect(await menuOf(made.id, 'admin', 'draft')).toEqual({ M1: { A: ['a1', 'a2'] }, M2: { C: ['c1'] } });
    // The live chapter is kept, marked; the chapter learners never had went to the recycle bin as before.
    const kept = await t.db.transaction(async (tx) => {
      await tx.query(showRemovedSql(true));
      return tx.query<{ id: number; removed: boolean }>(
        `SELECT id, in_draft_since IS NULL AS removed FROM chapters WHERE id = ANY($1::int4[]) ORDER BY id`,
        [[made.b, fresh]],
      );
    });
    expect(kept).toEqual([{ id: made.b, removed: true }]);
    const copy = await send('admin', 'POST', `/api/courses/${made.id}/copy`, {});
    expect(copy.status, copy.body).toBe(201);
    expect(await menuOf(copy.json.id, 'admin')).toEqual({ M1: { A: ['a1', 'a2'] }, M2: { C: ['c1'] } });
  });

  it('takes a course’s removed nodes and live version to the recycle bin with it, and back', async () => {
    const made = await publishedCourse();
    const given = await answer(made.b1);
    expect(given.status).toBe(201);
    await ok('superadmin', 'DELETE', `/api/chapters/${made.b}`);
    await ok('superadmin', 'DELETE', `/api/courses/${made.id}`);
    const items = (await ok('superadmin', 'GET', '/api/recycle-bin?resource=courses')).json as {
      id: number;
      recordId: number;
    }[];
    const item = items.find((row) => row.recordId === made.id);
    expect(item).toBeDefined();
    await ok('superadmin', 'POST', `/api/recycle-bin/${item!.id}/restore`);
    expect(await menuOf(made.id)).toEqual(LIVE);
    expect((await ok('admin', 'GET', `/api/chapter-part-responses/${given.json.id}`)).json.value).toEqual({
      text: 'Ma réponse',
    });
    await ok('admin', 'PUT', `/api/courses/${made.id}/discard`);
    expect(await menuOf(made.id, 'admin', 'draft')).toEqual(LIVE);
  });

  it('needs the publish right to discard, as to publish', async () => {
    const made = await publishedCourse('contributor');
    await ok('contributor', 'PUT', `/api/chapters/${made.a}`, { title: 'A modifié' });
    const [user] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'contributeur@demo.fr'`);
    const taken = await t.db.query<{ access_right_id: number }>(
      `DELETE FROM user_access_rights
        WHERE user_id = $1 AND access_right_id IN (SELECT id FROM access_rights WHERE code = $2) RETURNING access_right_id`,
      [user.id, PUBLISH_RIGHT],
    );
    try {
      expect((await send('contributor', 'PUT', `/api/courses/${made.id}/discard`, {})).status).toBe(403);
      expect((await send('contributor', 'PUT', `/api/courses/${made.id}/publish`, {})).status).toBe(403);
      expect((await outlineOf(made.id, 'contributor')).draft.changed).toBe(true);
    } finally {
      for (const { access_right_id: id } of taken)
        await t.db.query(`INSERT INTO user_access_rights (user_id, access_right_id) VALUES ($1, $2)`, [user.id, id]);
    }
    await ok('contributor', 'PUT', `/api/courses/${made.id}/discard`);
    expect((await outlineOf(made.id, 'contributor')).draft.changed).toBe(false);
  });

  it('refuses to discard a course that was never published', async () => {
    const id = await create('courses', { title: 'Jamais publié' }, 'admin');
    const refused = await send('admin', 'PUT', `/api/courses/${id}/discard`, {});
    expect(refused.status).toBe(422);
  });

  it('applies release dates to the live version, and publishes the draft’s', async () => {
    const made = await publishedCourse();
    await ok('admin', 'PUT', `/api/chapters/${made.b}`, { releaseAt: FUTURE });
    await ok('admin', 'PUT', `/api/modules/${made.m2}`, { releaseAt: FUTURE });
    expect(await menuOf(made.id)).toEqual(LIVE);
    await ok('admin', 'PUT', `/api/courses/${made.id}/publish`);
    expect(await menuOf(made.id)).toEqual({ M1: { A: ['a1', 'a2'] } });
    expect((await send('contributor', 'GET', `/api/chapters/${made.b}/displayable`)).status).toBe(404);
    expect((await send('contributor', 'GET', `/api/chapters/${made.c}/displayable`)).status).toBe(404);
    expect((await answer(made.c1)).status).toBe(422);
    await ok('admin', 'PUT', `/api/modules/${made.m2}`, { releaseAt: PAST });
    expect((await answer(made.c1)).status).toBe(422);
    await ok('admin', 'PUT', `/api/courses/${made.id}/publish`);
    expect((await answer(made.c1)).status).toBe(201);
    expect(await menuOf(made.id)).toEqual({ M1: { A: ['a1', 'a2'] }, M2: { C: ['c1'] } });
  });

  it('keeps the publish rules: a draft with an empty chapter stays the draft', async () => {
    const made = await publishedCourse();
    await create('chapters', { title: 'Vide', module: iri('modules', made.m1) }, 'admin');
    const refused = await send('admin', 'PUT', `/api/courses/${made.id}/publish`, {});
    expect(refused.status).toBe(422);
    expect(await menuOf(made.id)).toEqual(LIVE);
  });

  it('gives a course published again through its status a live version, and none once back to draft', async () => {
    const made = await publishedCourse();
    await ok('admin', 'PUT', `/api/courses/${made.id}`, { status: 'draft' });
    expect((await outlineOf(made.id)).draft.live).toBe(false);
    await ok('admin', 'PUT', `/api/chapters/${made.a}`, { title: 'A2' });
    await ok('admin', 'PUT', `/api/courses/${made.id}`, { status: 'published' });
    expect(await menuOf(made.id)).toEqual({ M1: { A2: ['a1', 'a2'], B: ['b1'] }, M2: { C: ['c1'] } });
  });
});

describe('the nodes a publish took away', () => {
  /** Which of these nodes' rows are still in their tables, removed or not. */
  const stillThere = (ids: Record<string, number>) =>
    t.db.transaction(async (tx) => {
      await tx.query(showRemovedSql(true));
      const found: string[] = [];
      for (const [name, id] of Object.entries(ids)) {
        const table =
          { M: 'modules', m: 'modules', A: 'chapters', B: 'chapters', C: 'chapters' }[name[0]] ?? 'chapter_parts';
        if ((await tx.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).length) found.push(name);
      }
      return found.sort();
    });
  const purge = () => purgeRetiredNodes(t.db.scoped(PLATFORM));

  it('are deleted by the periodic purge once no learner needs them, and kept while one does', async () => {
    const made = await publishedCourse();
    const given = await answer(made.b1);
    expect(given.status).toBe(201);
    await ok('superadmin', 'DELETE', `/api/chapter-parts/${made.a2}`);
    await ok('superadmin', 'DELETE', `/api/chapters/${made.b}`);
    await ok('superadmin', 'DELETE', `/api/modules/${made.m2}`);
    const nodes = {
      M1: made.m1,
      M2: made.m2,
      A: made.a,
      B: made.b,
      C: made.c,
      a1: made.a1,
      a2: made.a2,
      b1: made.b1,
      c1: made.c1,
    };
    const all = Object.keys(nodes).sort();
    // Removed from the draft but still live: learners have them until the publish, a discard may bring them back.
    await purge();
    expect(await stillThere(nodes)).toEqual(all);
    expect(await menuOf(made.id)).toEqual(LIVE);

    await ok('admin', 'PUT', `/api/courses/${made.id}/publish`);
    // Out of the live version now, but their removals are in the recycle bin: they may still come back.
    await purge();
    expect(await stillThere(nodes)).toEqual(all);
    await ok('superadmin', 'POST', '/api/recycle-bin/empty');
    expect(await purge()).toBeGreaterThanOrEqual(4);
    // a2, and M2 with C and c1: no learner's data; B stays for b1's answer, which stays too.
    expect(await stillThere(nodes)).toEqual(['A', 'B', 'M1', 'a1', 'b1']);
    expect((await ok('admin', 'GET', `/api/chapter-part-responses/${given.json.id}`)).json.value).toEqual({
      text: 'Ma réponse',
    });
    expect(await menuOf(made.id)).toEqual({ M1: { A: ['a1'] } });
    expect(await menuOf(made.id, 'admin', 'draft')).toEqual({ M1: { A: ['a1'] } });
    // Its last answer gone, the removed chapter needs no keeping either.
    await ok('superadmin', 'DELETE', `/api/chapter-part-responses/${given.json.id}`);
    await purge();
    expect(await stillThere(nodes)).toEqual(['A', 'M1', 'a1']);
    await ok('admin', 'PUT', `/api/courses/${made.id}/discard`);
    expect(await menuOf(made.id, 'admin', 'draft')).toEqual({ M1: { A: ['a1'] } });
  });

  it('knows every table of learners’ data that names a node', async () => {
    // The foreign keys to the levels' tables: the tree's own, the authors' relations (join tables), and the
    // learners' data the purge asks about. One added elsewhere must be one of these, or the purge would
    // take its rows with the node.
    const levels = liveLevels();
    const joinTables = new Set(
      declarations.flatMap((declaration) =>
        Object.values(declaration.fields).flatMap((field) =>
          field.type.kind === 'relations' ? [field.type.joinTable] : [],
        ),
      ),
    );
    for (const level of levels) {
      const keys = await t.db.query<{ table: string; column: string }>(
        `SELECT c.conrelid::regclass::text AS table, a.attname AS column
           FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
          WHERE c.contype = 'f' AND c.confrelid = $1::regclass ORDER BY 1, 2`,
        [level.table],
      );
      const learners = learnerReferencesOf(level.resource).map((reference) => `${reference.table}.${reference.column}`);
      const unknown = keys
        .filter(({ table }) => !joinTables.has(table) && !levels.some((other) => other.table === table))
        .map(({ table, column }) => `${table}.${column}`)
        .filter((key) => !learners.includes(key));
      expect(unknown, level.table).toEqual([]);
    }
    expect(learnerReferencesOf('chapter-parts').map((reference) => reference.table)).toContain(
      'chapter_part_responses',
    );
    expect(learnerReferencesOf('chapters').map((reference) => reference.table)).toContain('chapter_validations');
  });
});

describe("another structure's course", () => {
  it('cannot be published, discarded, nor read in either version', async () => {
    const made = await publishedCourse('contributor');
    await ok('contributor', 'PUT', `/api/chapters/${made.a}`, { title: 'A modifié' });
    for (const [method, url] of [
      ['PUT', `/api/courses/${made.id}/publish`],
      ['PUT', `/api/courses/${made.id}/discard`],
      ['GET', `/api/courses/${made.id}/menu`],
      ['GET', `/api/courses/${made.id}/menu?version=draft`],
      ['GET', `/api/chapters/${made.a}/displayable`],
      ['GET', `/api/chapters/${made.a}/displayable?version=draft`],
      ['GET', `/api/courses/${made.id}/outline`],
      ['GET', `/api/courses/${made.id}/draft`],
    ] as const) {
      const response = await send(stranger, method, url, method === 'PUT' ? {} : undefined);
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    expect((await outlineOf(made.id, 'contributor')).draft.changed).toBe(true);
    // Row-level security: the stranger's structure reads none of the live version, the owner's does.
    const count = (structure: number) =>
      runInScope({ structure, platform: false }, () =>
        t.appDb.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM course_live_nodes WHERE course_id = $1)::int
                + (SELECT count(*) FROM course_live WHERE course_id = $1)::int AS n`,
          [made.id],
        ),
      );
    expect((await count(strangerStructure))[0].n).toBe(0);
    expect((await count(Number(t.users.contributor.company)))[0].n).toBeGreaterThan(0);
  });
});
