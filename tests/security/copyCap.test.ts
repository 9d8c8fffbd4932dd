import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_MAX_ROWS, COPY_TOO_LARGE } from '../../src/domain/copies.ts';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';

/**
 * A copy is one request but may write thousands of rows: beyond COPY_MAX_ROWS it is refused before anything
 * is written (docs/SECURITY.md), so that a contributor cannot grow the database by gigabytes in minutes.
 */
let t: TestApp;
let course: number;

beforeAll(async () => {
  t = await createTestApp();
  [{ id: course }] = await t.db.query<{ id: number }>('SELECT id FROM courses ORDER BY id LIMIT 1');
});
afterAll(async () => {
  await t?.close();
});

/** A module of the course (made through the API) with `chapters` chapters of `parts` parts each (by SQL, for speed). */
async function moduleOf(chapters: number, parts: number): Promise<{ module: number; chapter: number }> {
  const created = await t.request('POST', '/api/modules', {
    as: 'contributor',
    body: { title: `Module de ${chapters * parts} parties`, course: `/api/courses/${course}` },
  });
  expect(created.status).toBe(201);
  const rows = await t.db.query<{ id: number }>(
    `INSERT INTO chapters (title, module_id, position) SELECT 'Chapitre ' || n, $1, n - 1 FROM generate_series(1, $2) AS n RETURNING id`,
    [created.json.id, chapters],
  );
  await t.db.query(
    `INSERT INTO chapter_parts (chapter_id, type, position, title, content)
     SELECT c.id, 'notes', n - 1, 'Partie ' || n, '{"text": "Note"}'::jsonb FROM unnest($1::int4[]) AS c(id), generate_series(1, $2) AS n`,
    [rows.map((row) => row.id), parts],
  );
  return { module: created.json.id, chapter: rows[0].id };
}

const counts = async () =>
  (
    await t.db.query<{ modules: number; chapters: number; parts: number }>(
      'SELECT (SELECT count(*) FROM modules)::int AS modules, (SELECT count(*) FROM chapters)::int AS chapters, (SELECT count(*) FROM chapter_parts)::int AS parts',
    )
  )[0];

describe('copies', () => {
  it('refuse a module of 5,000 parts with a 422 of no field, writing nothing', async () => {
    const { module, chapter } = await moduleOf(20, 250);
    const before = await counts();
    const refused = await t.request('POST', `/api/modules/${module}/copy`, { as: 'contributor', body: {} });
    expect(refused.status).toBe(422);
    expect(refused.json.violations).toEqual([
      { propertyPath: '', code: COPY_TOO_LARGE, message: expect.stringContaining(`at most ${COPY_MAX_ROWS}`) },
    ]);
    // The module, its 20 chapters and their 5,000 parts.
    expect(refused.json.detail).toContain('5021 rows');
    expect(await counts()).toEqual(before);
    // One of its chapters, 251 rows, is copied.
    expect((await t.request('POST', `/api/chapters/${chapter}/copy`, { as: 'contributor', body: {} })).status).toBe(
      201,
    );
  });

  it('refuse a chapter beyond the cap', async () => {
    const { chapter } = await moduleOf(1, COPY_MAX_ROWS);
    const before = await counts();
    const refused = await t.request('POST', `/api/chapters/${chapter}/copy`, { as: 'contributor', body: {} });
    expect(refused.status).toBe(422);
    expect(refused.json.violations[0].code).toBe(COPY_TOO_LARGE);
    expect(await counts()).toEqual(before);
  });

  it('copy a module of exactly the cap, whole', async () => {
    // The module, its chapter and its parts: COPY_MAX_ROWS rows.
    const { module } = await moduleOf(1, COPY_MAX_ROWS - 2);
    const before = await counts();
    const copied = await t.request('POST', `/api/modules/${module}/copy`, { as: 'contributor', body: {} });
    expect(copied.status).toBe(201);
    const after = await counts();
    expect(after.modules - before.modules + after.chapters - before.chapters + after.parts - before.parts).toBe(
      COPY_MAX_ROWS,
    );
  });
});
