import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_REFERENCE } from '../../src/domain/tenancy.ts';
import { catalogueReferences, privateCatalogueReferences } from '../../server/resources/catalogueReferences.ts';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';
import { must, sendAs, upload } from './support/structures.ts';

/**
 * The catalogue never points into a structure (docs/SECURITY.md, "Structures"): platform staff working on
 * every structure cannot make a catalogue row name a structure's own row (a 422 in French on the field),
 * a copy or a re-run into the catalogue leaves a structure's tags, skills and cover behind and copies no
 * file of theirs, and rows named before the guards existed are found by the check.
 */
let t: TestApp;
let structure: number;
/** A structure's own rows: a chapter, a tag, a document of course content, a course carrying them. */
const own = { chapter: 0, tag: 0, document: 0, course: 0 };
/** The catalogue's: a chapter (its module's course is the catalogue's). */
const catalogue = { chapter: 0, course: 0, module: 0 };
/** A catalogue chapter already naming the structure's chapter, written before the guards. */
let oldUnlock = 0;

beforeAll(async () => {
  t = await createTestApp({
    async prepare(db) {
      // As the tables' owner, with the guard off for one statement: a reference of old.
      const [source] = await db.query<{ id: number }>(
        `SELECT c.id FROM chapters c WHERE c.company_id IS NULL ORDER BY c.id LIMIT 1`,
      );
      const [target] = await db.query<{ id: number }>(
        `SELECT c.id FROM chapters c WHERE c.company_id IS NOT NULL ORDER BY c.id LIMIT 1`,
      );
      const guard = await db.query<{ tgname: string }>(
        `SELECT tgname FROM pg_trigger WHERE tgrelid = 'chapter_unlocks'::regclass AND tgname LIKE '%catalogue_guard'`,
      );
      for (const { tgname } of guard) await db.exec(`ALTER TABLE chapter_unlocks DISABLE TRIGGER ${tgname}`);
      await db.query(`INSERT INTO chapter_unlocks (chapter_id, required_chapter_id) VALUES ($1, $2)`, [
        source.id,
        target.id,
      ]);
      for (const { tgname } of guard) await db.exec(`ALTER TABLE chapter_unlocks ENABLE TRIGGER ${tgname}`);
      oldUnlock = source.id;
    },
  });
  structure = t.users.admin.company!;
  const admin = { token: await t.tokenFor('admin') };
  own.document = (await must(upload(t, admin, { context: 'course_cover' }), 'An upload')).json.id;
  own.tag = (
    await must(sendAs(t, 'admin', 'POST', '/api/tags', { name: 'Étiquette de la structure' }), 'A tag')
  ).json.id;
  own.course = (
    await must(
      sendAs(t, 'admin', 'POST', '/api/courses', {
        title: 'Cours de la structure',
        cover: `/api/documents/${own.document}`,
        tags: [`/api/tags/${own.tag}`],
      }),
      'A course',
    )
  ).json.id;
  const [chapter] = await t.db.query<{ id: number }>(
    `SELECT id FROM chapters WHERE company_id = $1 ORDER BY id LIMIT 1`,
    [structure],
  );
  own.chapter = chapter.id;
  const [row] = await t.db.query<{ chapter: number; module: number; course: number }>(
    `SELECT c.id AS chapter, m.id AS module, m.course_id AS course
       FROM chapters c JOIN modules m ON m.id = c.module_id
      WHERE c.company_id IS NULL AND c.id <> $1 ORDER BY c.id LIMIT 1`,
    [oldUnlock],
  );
  Object.assign(catalogue, row);
});
afterAll(async () => {
  await t?.close();
});

/** The refusal: a 422 on `field`, in French, and nothing written. */
function refusedOn(response: { status: number; json: { violations?: unknown[] } }, field: string) {
  expect(response.status).toBe(422);
  expect(response.json.violations).toEqual([
    { propertyPath: field, code: CATALOGUE_REFERENCE.code, message: CATALOGUE_REFERENCE.message(field) },
  ]);
}

describe('writes of platform staff in the catalogue', () => {
  it('refuse a catalogue chapter unlocked by a structure’s chapter', async () => {
    const response = await sendAs(t, 'superadmin', 'PUT', `/api/chapters/${catalogue.chapter}/add-chapter-unlocks`, {
      chapters: [`/api/chapters/${own.chapter}`],
    });
    refusedOn(response, 'unlocks');
    const [{ count }] = await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM chapter_unlocks WHERE chapter_id = $1 AND required_chapter_id = $2',
      [catalogue.chapter, own.chapter],
    );
    expect(count).toBe(0);
  });

  it('refuse a structure’s cover or tag on a catalogue course, on create and on update', async () => {
    refusedOn(
      await sendAs(t, 'superadmin', 'PUT', `/api/courses/${catalogue.course}`, {
        cover: `/api/documents/${own.document}`,
      }),
      'cover',
    );
    refusedOn(
      await sendAs(t, 'superadmin', 'POST', '/api/courses', { title: 'Catalogue', tags: [`/api/tags/${own.tag}`] }),
      'tags',
    );
    refusedOn(
      await sendAs(t, 'superadmin', 'POST', '/api/modules', {
        title: 'Module du catalogue',
        course: `/api/courses/${catalogue.course}`,
        tags: [`/api/tags/${own.tag}`],
      }),
      'tags',
    );
  });

  it('refuse a catalogue part naming a structure’s document', async () => {
    refusedOn(
      await sendAs(t, 'superadmin', 'POST', '/api/chapter-parts', {
        chapter: `/api/chapters/${catalogue.chapter}`,
        type: 'file_downloadable',
        content: { document: `/api/documents/${own.document}` },
      }),
      'content',
    );
  });

  it('still let the structure’s own rows name them, and platform staff working in it', async () => {
    const inside = { token: await t.tokenFor('superadmin'), headers: { 'X-Structure': String(structure) } };
    const created = await sendAs(t, inside, 'POST', '/api/courses', {
      title: 'Dans la structure',
      cover: `/api/documents/${own.document}`,
      tags: [`/api/tags/${own.tag}`],
    });
    expect(created.status).toBe(201);
  });
});

describe('copies into the catalogue', () => {
  const catalogueDocuments = async () =>
    (await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM documents WHERE company_id IS NULL'))[0]
      .count;

  for (const action of ['copy', 'rerun'] as const)
    it(`leave a structure’s tags and cover behind (${action}), copying none of its files`, async () => {
      const before = await catalogueDocuments();
      const response = await sendAs(t, 'superadmin', 'POST', `/api/courses/${own.course}/${action}`, {});
      expect(response.status).toBe(201);
      expect(response.json.company ?? null).toBeNull();
      expect(response.json.cover ?? null).toBeNull();
      expect(response.json.tags).toEqual([]);
      expect(await catalogueDocuments()).toBe(before);
    });

  it('refuse a re-run whose part names a structure’s file', async () => {
    const [module] = await t.db.query<{ id: number }>(
      `INSERT INTO modules (title, course_id, position) VALUES ('Module', $1, 0) RETURNING id`,
      [own.course],
    );
    const [chapter] = await t.db.query<{ id: number }>(
      `INSERT INTO chapters (title, module_id, position) VALUES ('Chapitre', $1, 0) RETURNING id`,
      [module.id],
    );
    await t.db.query(
      `INSERT INTO chapter_parts (chapter_id, type, position, content) VALUES ($1, 'file_downloadable', 0, $2::jsonb)`,
      [chapter.id, JSON.stringify({ document: `/api/documents/${own.document}` })],
    );
    const before = await catalogueDocuments();
    refusedOn(await sendAs(t, 'superadmin', 'POST', `/api/courses/${own.course}/rerun`, {}), 'content');
    expect(await catalogueDocuments()).toBe(before);
  });
});

describe('the check of rows already there', () => {
  it('knows every way a catalogue row names another', () => {
    expect(
      catalogueReferences()
        .map((reference) => `${reference.owner.name}.${reference.field}`)
        .sort(),
    ).toEqual(
      [
        'chapter-parts.content',
        'chapters.unlocks',
        'courses.cover',
        'courses.skills',
        'courses.tags',
        'modules.tags',
      ].sort(),
    );
  });

  it('reports a catalogue chapter named before the guards', async () => {
    const found = await privateCatalogueReferences(t.db);
    expect(found).toContainEqual(expect.objectContaining({ resource: 'chapters', id: oldUnlock, field: 'unlocks' }));
  });
});
