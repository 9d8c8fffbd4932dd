import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * `POST /api/courses/{id}/copy`: a structure takes a catalogue course whole, and owns the copy; platform
 * staff in every structure copy into the catalogue. The copy is the same tree, in the same order, with its
 * unlocks, tags and skills, as a draft.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Tree {
  title: string;
  modules: {
    title: string;
    chapters: { title: string; unlocks: number[]; parts: { type: string; title: string }[] }[];
  }[];
}

/** A course's tree as the outline gives it, its ids replaced by titles (unlocks by their chapter's place). */
async function treeOf(id: number): Promise<Tree> {
  const outline = (await t.request('GET', `/api/courses/${id}/outline`, { as: 'superadmin' })).json;
  const places = new Map<number, number>();
  let place = 0;
  for (const module of outline.modules) for (const chapter of module.chapters) places.set(chapter.id, place++);
  return {
    title: outline.title,
    modules: outline.modules.map(
      (module: {
        title: string;
        chapters: { id: number; title: string; unlocks: number[]; parts: { type: string; title: string }[] }[];
      }) => ({
        title: module.title,
        chapters: module.chapters.map((chapter) => ({
          title: chapter.title,
          unlocks: chapter.unlocks.map((unlock) => places.get(unlock) as number).sort(),
          parts: chapter.parts.map((part) => ({ type: part.type, title: part.title })),
        })),
      }),
    ),
  };
}

const catalogueCourse = async () =>
  (
    await t.db.query<{ id: number }>(`SELECT c.id FROM courses c WHERE c.company_id IS NULL
     AND EXISTS (SELECT 1 FROM modules m JOIN chapters ch ON ch.module_id = m.id WHERE m.course_id = c.id) ORDER BY c.id LIMIT 1`)
  )[0].id;

describe('copying a course', () => {
  it("gives a structure an editable copy of a catalogue course, the whole tree in order, the catalogue's untouched", async () => {
    const source = await catalogueCourse();
    // A prerequisite across modules comes with the copy.
    const chapters = await t.db.query<{ id: number }>(
      'SELECT ch.id FROM chapters ch JOIN modules m ON m.id = ch.module_id WHERE m.course_id = $1 ORDER BY m.position, ch.position',
      [source],
    );
    await t.request('PUT', `/api/chapters/${chapters.at(-1)!.id}/add-chapter-unlocks`, {
      as: 'superadmin',
      body: { chapters: [`/api/chapters/${chapters[0].id}`] },
    });
    const original = await t.request('GET', `/api/courses/${source}`, { as: 'admin' });

    const copied = await t.request('POST', `/api/courses/${source}/copy`, { as: 'admin' });
    expect(copied.status, copied.body).toBe(201);
    expect(copied.headers.location).toBe(`/api/courses/${copied.json.id}`);
    expect(copied.json).toMatchObject({
      title: original.json.title,
      status: 'draft',
      isTemplate: false,
      company: { id: t.users.admin.company },
    });
    expect(copied.json.tags.length).toBe(original.json.tags.length);
    expect(copied.json.skills.length).toBe(original.json.skills.length);
    expect(copied.json.cover).toBe(original.json.cover);
    expect(await treeOf(copied.json.id)).toEqual(await treeOf(source));

    // The structure's own to change; the catalogue's stays read-only to it.
    expect(
      (
        await t.request('PUT', `/api/courses/${copied.json.id}`, {
          as: 'contributor',
          body: { title: 'Notre version' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.request('PUT', `/api/courses/${source}`, { as: 'contributor', body: { title: 'Notre version' } }))
        .status,
    ).toBe(404);
    expect((await t.request('GET', `/api/courses/${source}`, { as: 'admin' })).json.title).toBe(original.json.title);
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM modules WHERE course_id = $1 AND company_id = $2',
      [copied.json.id, t.users.admin.company],
    );
    expect(n).toBe((await treeOf(source)).modules.length);
  });

  it("is a 404 for another structure's course, and lands in the catalogue when platform staff copy in every structure", async () => {
    const [other] = await t.db.query<{ id: number }>(
      'SELECT id FROM courses WHERE company_id <> $1 ORDER BY id LIMIT 1',
      [t.users.admin.company],
    );
    expect((await t.request('POST', `/api/courses/${other.id}/copy`, { as: 'admin' })).status).toBe(404);
    const staff = await t.request('POST', `/api/courses/${other.id}/copy`, { as: 'superadmin' });
    expect(staff.status).toBe(201);
    expect(staff.json.company).toBeNull();
    expect((await t.request('GET', `/api/courses/${staff.json.id}`, { as: 'contributor' })).status).toBe(200);
  });
});
