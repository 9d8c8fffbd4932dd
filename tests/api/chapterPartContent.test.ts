import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_PART_TYPES, type ChapterPartType } from '../../src/domain/chapterParts.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/** A chapter part's content must fit its type (API.md): 422 on the precise field otherwise, on create and update. */
let t: TestApp;
let chapter: string;
let document: string;

beforeAll(async () => {
  t = await createTestApp({ config: { uploadMaxMb: 20 } });
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM chapters ORDER BY id LIMIT 1');
  chapter = `/api/chapters/${row.id}`;
  const [doc] = await t.db.query<{ id: number }>('SELECT id FROM documents ORDER BY id LIMIT 1');
  document = `/api/documents/${doc.id}`;
});
afterAll(async () => {
  await t?.close();
});

const post = (type: string, content: unknown) =>
  t.request('POST', '/api/chapter-parts', { as: 'contributor', body: { chapter, type, content } });

const VALID: Record<ChapterPartType, () => Record<string, unknown>> = {
  text_markdown: () => ({ markdown: '# Bonjour' }),
  image: () => ({ document, alt: 'Schéma' }),
  video_youtube: () => ({ url: 'https://youtu.be/dQw4w9WgXcQ' }),
  video: () => ({ document }),
  file_downloadable: () => ({ document, label: 'Support' }),
  links: () => ({ links: [{ label: 'Site', url: 'https://exemple.fr' }, { url: 'http://exemple.org/page' }] }),
  url_iframe: () => ({ url: 'https://exemple.fr/outil', height: 600 }),
  from_typeform: () => ({ url: 'https://form.typeform.com/to/AbC123' }),
  notes: () => ({ text: 'Pour le formateur' }),
  interactive_text: () => ({ question: 'Pourquoi ?', maxLength: 200 }),
  interactive_long_text: () => ({ question: 'Racontez.', placeholder: '...' }),
  interactive_select: () => ({
    question: 'Laquelle ?',
    options: [
      { label: 'A', correct: true },
      { label: 'B', correct: false },
    ],
  }),
  interactive_select_multi: () => ({
    question: 'Lesquelles ?',
    options: [
      { label: 'A', correct: true },
      { label: 'B', correct: true },
    ],
  }),
  interactive_upload: () => ({ question: 'Déposez.', accept: ['application/pdf', 'image/*'], maxSizeMb: 20 }),
};

/** One broken content per rule, and the field the violation must name. */
const INVALID: [ChapterPartType, Record<string, unknown>, string, string][] = [
  ['text_markdown', { markdown: '  ' }, 'content.markdown', 'blank'],
  ['text_markdown', { markdown: 'ok', html: '<b>' }, 'content.html', 'unexpected'],
  ['image', { alt: 'sans document' }, 'content.document', 'blank'],
  ['image', { document: '/api/documents/99999999', alt: 'Schéma' }, 'content.document', 'reference'],
  ['image', { document: '/api/users/1', alt: 'Schéma' }, 'content.document', 'reference'],
  ['image', { document: '/api/documents/1', alt: ' ' }, 'content.alt', 'blank'],
  ['video_youtube', { url: 'https://vimeo.com/123456' }, 'content.url', 'youtube'],
  ['video_youtube', { url: 'https://www.youtube.com/watch?v=trop-court' }, 'content.url', 'youtube'],
  ['video', {}, 'content.document', 'blank'],
  ['video', { document: 1, url: 'https://exemple.fr/v.mp4' }, 'content.document', 'exclusive'],
  ['file_downloadable', { label: 'Support' }, 'content.document', 'blank'],
  ['links', { links: [] }, 'content.links', 'blank'],
  [
    'links',
    {
      links: [
        { label: 'ok', url: 'https://a.fr' },
        { label: 'ko', url: 'javascript:alert(1)' },
      ],
    },
    'content.links[1].url',
    'url',
  ],
  ['url_iframe', { url: 'http://exemple.fr/outil' }, 'content.url', 'https'],
  ['url_iframe', { url: 'https://exemple.fr', height: 99999 }, 'content.height', 'range'],
  ['url_iframe', { url: 'https://exemple.fr', height: '600' }, 'content.height', 'type'],
  ['from_typeform', { formId: 'a b' }, 'content.formId', 'format'],
  ['notes', { text: 42 }, 'content.text', 'type'],
  ['interactive_text', { placeholder: 'sans question' }, 'content.question', 'blank'],
  ['interactive_text', { question: 'Q', maxLength: 0 }, 'content.maxLength', 'range'],
  [
    'interactive_select',
    {
      question: 'Q',
      options: [
        { label: 'A', correct: true },
        { label: 'B', correct: true },
      ],
    },
    'content.options',
    'one_correct',
  ],
  [
    'interactive_select',
    {
      question: 'Q',
      options: [
        { label: 'A', correct: false },
        { label: 'B', correct: false },
      ],
    },
    'content.options',
    'one_correct',
  ],
  ['interactive_select', { question: 'Q', options: [{ label: 'A', correct: true }] }, 'content.options', 'count'],
  [
    'interactive_select',
    {
      question: 'Q',
      options: [
        { label: 'A', correct: true },
        { label: '', correct: false },
      ],
    },
    'content.options[1].label',
    'blank',
  ],
  [
    'interactive_select_multi',
    {
      question: 'Q',
      options: [
        { label: 'A', correct: false },
        { label: 'B', correct: false },
      ],
    },
    'content.options',
    'some_correct',
  ],
  [
    'interactive_select_multi',
    {
      question: 'Q',
      options: [
        { label: 'A', correct: 'oui' },
        { label: 'B', correct: true },
      ],
    },
    'content.options[0].correct',
    'type',
  ],
  ['interactive_upload', { question: 'Q', accept: ['pdf'], maxSizeMb: 5 }, 'content.accept[0]', 'format'],
  ['interactive_upload', { question: 'Q', accept: ['application/pdf'], maxSizeMb: 21 }, 'content.maxSizeMb', 'range'],
];

describe('chapter-part content by type', () => {
  it.each(CHAPTER_PART_TYPES)('accepts a valid %s part and stores its content', async (type) => {
    const response = await post(type, VALID[type]());
    expect(response.status, response.body).toBe(201);
    expect(response.json.content).toMatchObject(VALID[type]());
  });

  it('derives and stores the YouTube video id', async () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      const response = await post('video_youtube', { url });
      expect(response.status, url).toBe(201);
      expect(response.json.content).toEqual({ url, videoId: 'dQw4w9WgXcQ' });
    }
  });

  it.each(INVALID)('refuses a %s part whose content is %j, on %s (%s)', async (type, content, path, code) => {
    const response = await post(type, content);
    expect(response.status, response.body).toBe(422);
    expect(response.json.violations).toContainEqual(expect.objectContaining({ propertyPath: path, code }));
  });

  it('re-checks the stored content when only the type changes, and the stored type when only the content changes', async () => {
    const created = await post('notes', { text: 'Une note' });
    const id = created.json.id as number;
    const retyped = await t.request('PUT', `/api/chapter-parts/${id}`, {
      as: 'contributor',
      body: { type: 'url_iframe' },
    });
    expect(retyped.status).toBe(422);
    expect(retyped.json.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(
      expect.arrayContaining(['content.url', 'content.text']),
    );
    const recontent = await t.request('PUT', `/api/chapter-parts/${id}`, {
      as: 'contributor',
      body: { content: { markdown: '# Non' } },
    });
    expect(recontent.status).toBe(422);
    const both = await t.request('PUT', `/api/chapter-parts/${id}`, {
      as: 'contributor',
      body: { type: 'text_markdown', content: { markdown: '# Oui' } },
    });
    expect(both.status, both.body).toBe(200);
    expect(both.json).toMatchObject({ type: 'text_markdown', content: { markdown: '# Oui' } });
    // A change of another field leaves the content alone.
    expect(
      (await t.request('PUT', `/api/chapter-parts/${id}`, { as: 'contributor', body: { title: 'Titre' } })).status,
    ).toBe(200);
  });

  it('lets a part be created before its content is written', async () => {
    const response = await t.request('POST', '/api/chapter-parts', {
      as: 'contributor',
      body: { chapter, type: 'links' },
    });
    expect(response.status).toBe(201);
    expect(response.json.content).toEqual({});
  });
});

describe('GET /api/chapter-part-responses?chapter=', () => {
  it("lists the answers to any of a chapter's parts, with the other filters, and refuses what is not a chapter", async () => {
    const expected = await t.db.query<{ id: number; chapter_id: number }>(
      `SELECT r.id, p.chapter_id FROM chapter_part_responses r JOIN chapter_parts p ON p.id = r.chapter_part_id
        WHERE p.chapter_id = (SELECT p2.chapter_id FROM chapter_part_responses r2 JOIN chapter_parts p2 ON p2.id = r2.chapter_part_id ORDER BY r2.id LIMIT 1)
        ORDER BY r.id`,
    );
    expect(expected.length, 'the seed holds answers').toBeGreaterThan(0);
    const chapterIri = `/api/chapters/${expected[0].chapter_id}`;
    const ids = async (query: string) =>
      (
        (
          await t.request('GET', `/api/chapter-part-responses?${query}&order[id]=asc&itemsPerPage=500`, {
            as: 'admin',
            accept: 'application/json',
          })
        ).json as { id: number }[]
      ).map((r) => r.id);
    expect(await ids(`chapter=${encodeURIComponent(chapterIri)}`)).toEqual(expected.map((row) => row.id));
    expect(await ids(`chapter[]=${expected[0].chapter_id}&chapter[]=999999`)).toEqual(expected.map((row) => row.id));
    const [{ submitted }] = await t.db.query<{ submitted: number }>(
      `SELECT count(*)::int AS submitted FROM chapter_part_responses r JOIN chapter_parts p ON p.id = r.chapter_part_id WHERE p.chapter_id = $1 AND r.status = 'submitted'`,
      [expected[0].chapter_id],
    );
    expect(await ids(`chapter=${expected[0].chapter_id}&status=submitted`)).toHaveLength(submitted);
    expect((await t.request('GET', '/api/chapter-part-responses?chapter=/api/courses/1', { as: 'admin' })).status).toBe(
      400,
    );

    // The count follows a part moved to another chapter, though no answer was written.
    const total = async () =>
      (
        await t.request('GET', `/api/chapter-part-responses?chapter=${expected[0].chapter_id}&itemsPerPage=1`, {
          as: 'admin',
        })
      ).json['hydra:totalItems'];
    expect(await total()).toBe(expected.length);
    const [moved] = await t.db.query<{ n: number }>(
      `WITH part AS (SELECT chapter_part_id AS id FROM chapter_part_responses WHERE id = $1)
       UPDATE chapter_parts SET chapter_id = (SELECT min(id) FROM chapters WHERE id <> $2) WHERE id = (SELECT id FROM part)
       RETURNING (SELECT count(*)::int FROM chapter_part_responses r WHERE r.chapter_part_id = chapter_parts.id) AS n`,
      [expected[0].id, expected[0].chapter_id],
    );
    expect(await total()).toBe(expected.length - moved.n);
  });
});
