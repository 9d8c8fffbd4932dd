import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The course outline's server side: the outline in one call (`GET /api/courses/{id}/outline`), and the
 * actions the outline editor chains (move to another parent, copy then place, publish refused then
 * accepted, unpublish) as the editor calls them.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const iri = (resource: string, id: number) => `/api/${resource}/${id}`;

async function create(
  resource: string,
  body: Record<string, unknown>,
): Promise<{ id: number } & Record<string, unknown>> {
  const response = await t.request('POST', `/api/${resource}`, { as: 'contributor', body });
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return response.json as { id: number };
}

interface Outline {
  id: number;
  title: string;
  status: string;
  modules: {
    id: number;
    title: string;
    position: number;
    chapters: { id: number; title: string; unlocks: number[]; parts: { id: number; type: string; title: string }[] }[];
  }[];
}

async function outlineOf(course: number): Promise<Outline> {
  const response = await t.request('GET', `/api/courses/${course}/outline`, { as: 'contributor' });
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return response.json as Outline;
}

/** A course of two modules, the first with two chapters (the second empty), the second with one. */
async function course() {
  const made = await create('courses', { title: 'Cours du plan' });
  const first = await create('modules', { title: 'Module 1', course: iri('courses', made.id) });
  const second = await create('modules', { title: 'Module 2', course: iri('courses', made.id) });
  const a = await create('chapters', { title: 'A', module: iri('modules', first.id) });
  const b = await create('chapters', { title: 'B', module: iri('modules', first.id) });
  const c = await create('chapters', { title: 'C', module: iri('modules', second.id) });
  for (const [chapter, title] of [
    [a.id, 'a1'],
    [a.id, 'a2'],
    [c.id, 'c1'],
  ] as const)
    await create('chapter-parts', {
      chapter: iri('chapters', chapter),
      type: 'notes',
      title,
      content: { text: title },
    });
  return { id: made.id, modules: [first.id, second.id], chapters: { a: a.id, b: b.id, c: c.id } };
}

describe('GET /api/courses/{id}/outline', () => {
  it('answers the whole tree in order, with unlocks and part types, without contents', async () => {
    const made = await course();
    await t.request('PUT', `/api/chapters/${made.chapters.c}/add-chapter-unlocks`, {
      as: 'contributor',
      body: { chapters: [iri('chapters', made.chapters.a)] },
    });
    const outline = await outlineOf(made.id);
    expect(outline).toMatchObject({ id: made.id, title: 'Cours du plan', status: 'draft' });
    expect(outline.modules.map((module) => module.title)).toEqual(['Module 1', 'Module 2']);
    expect(
      outline.modules[0].chapters.map((chapter) => [chapter.title, chapter.parts.map((part) => part.title)]),
    ).toEqual([
      ['A', ['a1', 'a2']],
      ['B', []],
    ]);
    expect(outline.modules[1].chapters[0]).toMatchObject({
      title: 'C',
      unlocks: [made.chapters.a],
      parts: [{ type: 'notes', title: 'c1' }],
    });
    expect(outline.modules[1].chapters[0].parts[0]).not.toHaveProperty('content');
  });

  it('follows moves between parents, keeping positions dense', async () => {
    const made = await course();
    // The editor's move of a chapter into another module: one PUT naming the module and the place.
    const moved = await t.request('PUT', `/api/chapters/${made.chapters.b}`, {
      as: 'contributor',
      body: { module: iri('modules', made.modules[1]), position: 0 },
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const reordered = await t.request('PUT', `/api/modules/${made.modules[1]}/reorder`, {
      as: 'contributor',
      body: { position: 0 },
    });
    expect(reordered.status).toBe(200);
    const outline = await outlineOf(made.id);
    expect(outline.modules.map((module) => [module.title, module.chapters.map((chapter) => chapter.title)])).toEqual([
      ['Module 2', ['B', 'C']],
      ['Module 1', ['A']],
    ]);
    const rows = await t.db.query<{ position: number }>(
      'SELECT position FROM chapters WHERE module_id = $1 ORDER BY position',
      [made.modules[1]],
    );
    expect(rows.map((row) => row.position)).toEqual([0, 1]);
  });

  it('places a copied template where the author dropped it', async () => {
    const made = await course();
    const template = await create('chapters', { title: 'Modèle de chapitre', isTemplate: true });
    await create('chapter-parts', {
      chapter: iri('chapters', template.id),
      type: 'notes',
      title: 'note',
      content: { text: 'x' },
    });
    const copy = await t.request('POST', `/api/chapters/${template.id}/copy`, {
      as: 'contributor',
      body: { module: iri('modules', made.modules[0]) },
    });
    expect(copy.status).toBe(201);
    const copyId = (copy.json as { id: number }).id;
    expect(
      (await t.request('PUT', `/api/chapters/${copyId}/reorder`, { as: 'contributor', body: { position: 1 } })).status,
    ).toBe(200);
    const chapters = (await outlineOf(made.id)).modules[0].chapters;
    expect(chapters.map((chapter) => chapter.title)).toEqual(['A', 'Modèle de chapitre', 'B']);
    expect(chapters[1].parts.map((part) => part.title)).toEqual(['note']);
  });

  it('is refused without a session and answers 404 for a course that does not exist', async () => {
    const made = await course();
    expect((await t.request('GET', `/api/courses/${made.id}/outline`, { as: null })).status).toBe(401);
    expect((await t.request('GET', '/api/courses/999999/outline', { as: 'contributor' })).status).toBe(404);
    expect((await t.request('GET', '/api/courses/abc/outline', { as: 'contributor' })).status).toBe(404);
  });
});

describe('publish from the outline', () => {
  it('refuses a course with an empty chapter, accepts it once the chapter has a part, and goes back to draft', async () => {
    const made = await course();
    const refused = await t.request('PUT', `/api/courses/${made.id}/publish`, { as: 'admin', body: {} });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({
      violations: [{ code: 'empty_chapter', message: expect.stringContaining('"B"') }],
    });
    await create('chapter-parts', {
      chapter: iri('chapters', made.chapters.b),
      type: 'notes',
      title: 'b1',
      content: { text: 'b' },
    });
    const published = await t.request('PUT', `/api/courses/${made.id}/publish`, { as: 'admin', body: {} });
    expect(published.status).toBe(200);
    expect(published.json).toMatchObject({ status: 'published' });
    expect((await outlineOf(made.id)).status).toBe('published');
    const draft = await t.request('PUT', `/api/courses/${made.id}`, { as: 'admin', body: { status: 'draft' } });
    expect(draft.json).toMatchObject({ status: 'draft', publishedAt: null });
  });
});
