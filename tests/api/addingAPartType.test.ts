import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * docs/ARCHITECTURE.md's "Adding a part type", walked for what the API serves: a throw-away type declared in
 * the documented domain places only (its line in src/domain/chapterParts.ts, as this module mock adds it;
 * its content rule in src/domain/chapterPartContent.ts, added in memory below) is accepted by the API and
 * stored, with no migration: start-up derives the SQL check of `chapter_parts.type` from the domain. A type
 * declared nowhere is refused, by the API and by the SQL. The folder, the registry line and the words are the
 * back-office's, held by the type checker (`PART_TYPES` is a record of every type) and the i18n tests.
 */

const SCRATCH_TYPE = 'scratch_quote';

// Step 1: the type's line in src/domain/chapterParts.ts.
vi.mock('../../src/domain/chapterParts.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/domain/chapterParts.ts')>();
  const CONTENT_PART_TYPES = [...original.CONTENT_PART_TYPES, 'scratch_quote'];
  return {
    ...original,
    CONTENT_PART_TYPES,
    CHAPTER_PART_TYPES: [...CONTENT_PART_TYPES, ...original.INTERACTIVE_PART_TYPES],
  };
});

let t: TestApp;
let chapter: string;

beforeAll(async () => {
  // Step 2: its content rule in src/domain/chapterPartContent.ts.
  const { PART_CONTENT_RULES } = await import('../../src/domain/chapterPartContent.ts');
  (PART_CONTENT_RULES as Record<string, (typeof PART_CONTENT_RULES)['notes']>)[SCRATCH_TYPE] = (check) => {
    check.text('quote', { required: true, max: 500 });
    check.text('author', { max: 120 });
  };
  const { applyDerived } = await import('../../server/prepareDatabase.ts');
  // What a start-up derives from the domain, over the template database its first start-up prepared.
  t = await createTestApp({ prepare: applyDerived });
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM chapters ORDER BY id LIMIT 1');
  chapter = `/api/chapters/${row.id}`;
});

afterAll(async () => {
  await t?.close();
});

describe('a part type added by declaration', () => {
  it('is created, read back, checked by its content rule and filtered by, through the generic routes', async () => {
    const created = await t.request('POST', '/api/chapter-parts', {
      as: 'contributor',
      body: { chapter, type: SCRATCH_TYPE, title: 'Citation', content: { quote: 'Rien ne se perd.' } },
    });
    expect(created.status).toBe(201);
    const read = await t.request('GET', `/api/chapter-parts/${created.json.id}`, { as: 'contributor' });
    expect(read.json).toMatchObject({ type: SCRATCH_TYPE, title: 'Citation', content: { quote: 'Rien ne se perd.' } });

    const listed = await t.request('GET', `/api/chapter-parts?type=${SCRATCH_TYPE}`, { as: 'contributor' });
    expect(listed.status).toBe(200);
    expect(listed.json['hydra:member'].map((part: { id: number }) => part.id)).toEqual([created.json.id]);

    const badContent = await t.request('POST', '/api/chapter-parts', {
      as: 'contributor',
      body: { chapter, type: SCRATCH_TYPE, content: { quote: '', extra: 1 } },
    });
    expect(badContent.status).toBe(422);
    const paths = badContent.json.violations.map((violation: { propertyPath: string }) => violation.propertyPath);
    expect(paths).toEqual(expect.arrayContaining(['content.quote', 'content.extra']));
  });

  it('is in the API documentation’s enumeration of part types', async () => {
    const openapi = await t.request('GET', '/api/docs.json');
    expect(JSON.stringify(openapi.json)).toContain(SCRATCH_TYPE);
  });

  it('is refused when declared nowhere: 422 from the API, the derived check from the SQL', async () => {
    const refused = await t.request('POST', '/api/chapter-parts', {
      as: 'contributor',
      body: { chapter, type: 'undeclared_part', content: {} },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.violations.map((violation: { propertyPath: string }) => violation.propertyPath)).toContain(
      'type',
    );
    const [part] = await t.db.query<{ id: number }>('SELECT id FROM chapter_parts ORDER BY id LIMIT 1');
    await expect(
      t.db.query(`UPDATE chapter_parts SET type = 'undeclared_part' WHERE id = $1`, [part.id]),
    ).rejects.toThrow(/chapter_parts_type_check/);
    await t.db.query(`UPDATE chapter_parts SET type = $2 WHERE id = $1`, [part.id, SCRATCH_TYPE]);
  });
});
