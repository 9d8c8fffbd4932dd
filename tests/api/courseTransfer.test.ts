import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_MAX_ROWS } from '../../src/domain/copies.ts';
import { COURSE_FORMAT_SCHEMA_PATH, COURSE_FORMAT_VERSION, type CourseFile } from '../../src/domain/courseFormat.ts';
import { multipartBody } from './support/multipart.ts';
import { createTestApp, type Persona, type TestApp } from './support/testApp.ts';

/**
 * A course re-run as a new session, exported to a zip and imported back: the whole tree with new ids, its
 * prerequisites among its own chapters, its tags, skills and files (the bytes themselves); a bad file
 * refused whole, with a French sentence a problem, and nothing written.
 */
let t: TestApp;
let source: number;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f4e3350000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function upload(file: { name: string; type: string; bytes: Buffer }, context: string) {
  const { payload, contentType } = multipartBody(file, { context });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${await t.tokenFor('admin')}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

async function exported(id: number, as: Persona = 'admin') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/courses/${id}/export`,
    headers: { authorization: `Bearer ${await t.tokenFor(as)}` },
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

async function imported(bytes: Buffer, as: Persona = 'admin', headers: Record<string, string> = {}) {
  const { payload, contentType } = multipartBody({ name: 'cours.zip', type: 'application/zip', bytes });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/courses/import',
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${await t.tokenFor(as)}`, ...headers },
  });
  return { status: response.statusCode, json: response.json(), body: response.body };
}

/** A course's whole tree with every id replaced by what it stands for (files by their bytes). */
async function treeOf(id: number) {
  const read = async (key: string | null) => {
    const stream = key ? await t.files.read(key) : undefined;
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('base64');
  };
  const documentOf = async (documentId: unknown) => {
    const [row] = await t.db.query<{ name: string; mime_type: string; storage_key: string | null }>(
      'SELECT name, mime_type, storage_key FROM documents WHERE id = $1',
      [Number(/(\d+)$/.exec(String(documentId))?.[1])],
    );
    return row ? { name: row.name, mimeType: row.mime_type, bytes: await read(row.storage_key) } : null;
  };
  const [course] = await t.db.query<{
    title: string;
    description: string | null;
    language_id: number | null;
    cover_id: number | null;
    tags: string[];
    skills: string[];
  }>(
    `SELECT c.title, c.description, c.language_id, c.cover_id,
            array(SELECT g.name FROM course_tags j JOIN tags g ON g.id = j.tag_id WHERE j.course_id = c.id ORDER BY 1) AS tags,
            array(SELECT s.name FROM course_skills j JOIN skills s ON s.id = j.skill_id WHERE j.course_id = c.id ORDER BY 1) AS skills
       FROM courses c WHERE c.id = $1`,
    [id],
  );
  const modules = await t.db.query<{ id: number; title: string; description: string | null; tags: string[] }>(
    `SELECT m.id, m.title, m.description,
            array(SELECT g.name FROM module_tags j JOIN tags g ON g.id = j.tag_id WHERE j.module_id = m.id ORDER BY 1) AS tags
       FROM modules m WHERE m.course_id = $1 ORDER BY m.position`,
    [id],
  );
  const chapters = await t.db.query<{
    id: number;
    module_id: number;
    title: string;
    description: string | null;
    estimated_minutes: number | null;
    unlocks: number[];
  }>(
    `SELECT c.id, c.module_id, c.title, c.description, c.estimated_minutes,
            array(SELECT required_chapter_id FROM chapter_unlocks WHERE chapter_id = c.id ORDER BY 1) AS unlocks
       FROM chapters c JOIN modules m ON m.id = c.module_id WHERE m.course_id = $1 ORDER BY m.position, c.position`,
    [id],
  );
  const parts = await t.db.query<{
    id: number;
    chapter_id: number;
    type: string;
    title: string | null;
    required: boolean;
    content: Record<string, unknown>;
  }>(
    `SELECT p.id, p.chapter_id, p.type, p.title, p.required, p.content
       FROM chapter_parts p JOIN chapters c ON c.id = p.chapter_id JOIN modules m ON m.id = c.module_id
      WHERE m.course_id = $1 ORDER BY m.position, c.position, p.position`,
    [id],
  );
  const place = new Map(chapters.map((chapter, index) => [chapter.id, index]));
  return {
    ids: {
      modules: modules.map((module) => module.id),
      chapters: chapters.map((chapter) => chapter.id),
      parts: parts.map((part) => part.id),
      unlocks: chapters.flatMap((chapter) => chapter.unlocks),
    },
    tree: {
      title: course.title,
      description: course.description,
      language: course.language_id,
      cover: await documentOf(course.cover_id),
      tags: course.tags,
      skills: course.skills,
      modules: await Promise.all(
        modules.map(async (module) => ({
          title: module.title,
          description: module.description,
          tags: module.tags,
          chapters: await Promise.all(
            chapters
              .filter((chapter) => chapter.module_id === module.id)
              .map(async (chapter) => ({
                title: chapter.title,
                description: chapter.description,
                estimatedMinutes: chapter.estimated_minutes,
                unlocks: chapter.unlocks.map((unlock) => place.get(unlock) ?? `outside ${unlock}`),
                parts: await Promise.all(
                  parts
                    .filter((part) => part.chapter_id === chapter.id)
                    .map(async (part) => ({
                      type: part.type,
                      title: part.title,
                      required: part.required,
                      content: {
                        ...part.content,
                        ...('document' in part.content ? { document: await documentOf(part.content.document) } : {}),
                      },
                    })),
                ),
              })),
          ),
        })),
      ),
    },
  };
}

const TABLES = [
  'courses',
  'modules',
  'chapters',
  'chapter_parts',
  'chapter_unlocks',
  'course_tags',
  'course_skills',
  'module_tags',
  'tags',
  'skills',
  'documents',
];
const rowCounts = async () =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (table) => [
        table,
        (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n,
      ]),
    ),
  );

beforeAll(async () => {
  // A small upload limit: the file past it stays small too.
  t = await createTestApp({ config: { uploadMaxMb: 2 } });
  const company = t.users.admin.company;
  const cover = await upload({ name: 'couverture.png', type: 'image/png', bytes: PNG }, 'course_cover');
  const image = await upload({ name: 'schéma.png', type: 'image/png', bytes: PNG }, 'chapter_part');
  const pdf = await upload({ name: 'fiche.pdf', type: 'application/pdf', bytes: PDF }, 'chapter_part');
  const [language] = await t.db.query<{ id: number }>(`SELECT id FROM languages WHERE code = 'fr'`);
  const [course] = await t.db.query<{ id: number }>(
    `INSERT INTO courses (title, description, language_id, status, published_at, cover_id, company_id)
     VALUES ('Sécurité au travail', 'Les gestes qui sauvent', $1, 'published', now(), $2, $3) RETURNING id`,
    [language?.id ?? null, cover, company],
  );
  source = course.id;
  const tags = await t.db.query<{ id: number }>(
    `INSERT INTO tags (name, color, company_id) VALUES ('Transfert A', '#112233', $1), ('Transfert B', NULL, $1) RETURNING id`,
    [company],
  );
  const [skill] = await t.db.query<{ id: number }>(
    `INSERT INTO skills (name, description, company_id) VALUES ('Premiers secours', 'Agir vite', $1) RETURNING id`,
    [company],
  );
  await t.db.query('INSERT INTO course_tags (course_id, tag_id) VALUES ($1, $2), ($1, $3)', [
    source,
    tags[0].id,
    tags[1].id,
  ]);
  await t.db.query('INSERT INTO course_skills (course_id, skill_id) VALUES ($1, $2)', [source, skill.id]);
  const modules = await t.db.query<{ id: number }>(
    `INSERT INTO modules (title, description, course_id, position) VALUES
       ('Avant', 'Préparer', $1, 0), ('Pendant', NULL, $1, 1) RETURNING id`,
    [source],
  );
  await t.db.query('INSERT INTO module_tags (module_id, tag_id) VALUES ($1, $2)', [modules[1].id, tags[1].id]);
  const chapters = await t.db.query<{ id: number }>(
    `INSERT INTO chapters (title, description, module_id, position, estimated_minutes) VALUES
       ('Observer', 'Regarder autour', $1, 0, 5), ('Alerter', NULL, $1, 1, NULL), ('Protéger', NULL, $2, 0, 12)
     RETURNING id`,
    [modules[0].id, modules[1].id],
  );
  await t.db.query('INSERT INTO chapter_unlocks (chapter_id, required_chapter_id) VALUES ($1, $2), ($3, $1)', [
    chapters[2].id,
    chapters[0].id,
    chapters[1].id,
  ]);
  const parts: [number, string, unknown, string | null, boolean][] = [
    [chapters[0].id, 'text_markdown', { markdown: '# Observer\n\nÉtape *un*.' }, 'Introduction', false],
    [chapters[0].id, 'image', { document: `/api/documents/${image}`, alt: 'Un schéma' }, null, false],
    [chapters[1].id, 'file_downloadable', { document: `/api/documents/${pdf}`, label: 'La fiche' }, 'Fiche', true],
    [
      chapters[2].id,
      'interactive_select',
      {
        question: 'Que faire ?',
        options: [
          { label: 'Fuir', correct: false },
          { label: 'Protéger', correct: true },
        ],
      },
      'Question',
      true,
    ],
    [chapters[2].id, 'video_youtube', { url: 'https://youtu.be/dQw4w9WgXcQ', videoId: 'dQw4w9WgXcQ' }, null, false],
  ];
  for (const [chapter, type, content, title, required] of parts)
    await t.db.query(
      `INSERT INTO chapter_parts (chapter_id, type, position, title, content, required)
       VALUES ($1, $2, (SELECT count(*) FROM chapter_parts WHERE chapter_id = $1), $3, $4, $5)`,
      [chapter, type, title, JSON.stringify(content), required],
    );
});
afterAll(async () => {
  await t?.close();
});

describe('a new session of a course (re-run)', () => {
  it('copies the whole tree with new ids as a draft, its prerequisites among its own chapters, under the title given', async () => {
    const before = await treeOf(source);
    const counts = await rowCounts();
    const rerun = await t.request('POST', `/api/courses/${source}/rerun`, {
      as: 'admin',
      body: { title: '  Session de printemps ', dateOffsetDays: 30 },
    });
    expect(rerun.status, rerun.body).toBe(201);
    expect(rerun.headers.location).toBe(`/api/courses/${rerun.json.id}`);
    expect(rerun.json).toMatchObject({
      title: 'Session de printemps',
      status: 'draft',
      publishedAt: null,
      company: { id: t.users.admin.company },
    });
    const after = await treeOf(rerun.json.id);
    expect(after.tree).toEqual({ ...before.tree, title: 'Session de printemps' });
    for (const level of ['modules', 'chapters', 'parts'] as const) {
      expect(after.ids[level]).toHaveLength(before.ids[level].length);
      expect(after.ids[level].filter((id) => before.ids[level].includes(id))).toEqual([]);
    }
    // Every prerequisite of the copy is a chapter of the copy.
    expect(after.ids.unlocks.length).toBe(2);
    expect(after.ids.unlocks.every((id) => after.ids.chapters.includes(id))).toBe(true);
    // Its documents are its own: new rows and files, the same bytes (compared in the tree above).
    expect((await rowCounts()).documents - counts.documents).toBe(3);
    const [covers] = await t.db.query<{ source: number; copy: number }>(
      'SELECT (SELECT cover_id FROM courses WHERE id = $1) AS source, (SELECT cover_id FROM courses WHERE id = $2) AS copy',
      [source, rerun.json.id],
    );
    expect(covers.copy).not.toBe(covers.source);
    const [entry] = await t.db.query<{ action: string; resource: string; record_id: number }>(
      'SELECT action, resource, record_id FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect(entry).toMatchObject({ action: 'rerun', resource: 'courses', record_id: rerun.json.id });
    // The source is untouched.
    expect((await treeOf(source)).tree).toEqual(before.tree);
  });

  it('keeps its source title without one, and refuses a bad offset or title before writing', async () => {
    const counts = await rowCounts();
    for (const body of [
      { dateOffsetDays: 'trente' },
      { dateOffsetDays: 1e9 },
      { title: 'x'.repeat(256) },
      { title: ' ' },
    ]) {
      const refused = await t.request('POST', `/api/courses/${source}/rerun`, { as: 'admin', body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    expect(await rowCounts()).toEqual(counts);
    const plain = await t.request('POST', `/api/courses/${source}/rerun`, { as: 'contributor', body: {} });
    expect(plain.status, plain.body).toBe(201);
    expect(plain.json.title).toBe('Sécurité au travail');
  });

  it("is a 404 for another structure's course, as the copy is", async () => {
    const [other] = await t.db.query<{ id: number }>(
      'SELECT id FROM courses WHERE company_id <> $1 ORDER BY id LIMIT 1',
      [t.users.admin.company],
    );
    const counts = await rowCounts();
    expect((await t.request('POST', `/api/courses/${other.id}/rerun`, { as: 'admin', body: {} })).status).toBe(404);
    expect((await t.request('POST', `/api/courses/${other.id}/rerun`, { as: 'contributor', body: {} })).status).toBe(
      404,
    );
    expect(await rowCounts()).toEqual(counts);
  });
});

describe('export and import', () => {
  it('round-trips a course exactly: tree, contents, tags, skills and the files’ bytes, as a new draft', async () => {
    const before = await treeOf(source);
    const zip = await exported(source, 'contributor');
    expect(zip.status, zip.bytes.toString()).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(String(zip.headers['content-disposition'])).toContain('.zip');
    const manifest = JSON.parse(
      await (await JSZip.loadAsync(zip.bytes)).file('course.json')!.async('string'),
    ) as CourseFile;
    expect(manifest.version).toBe(COURSE_FORMAT_VERSION);
    expect(manifest.documents).toHaveLength(3);
    // Internal references, never database ids.
    expect(manifest.course.modules[1].chapters[0].unlocks).toEqual([manifest.course.modules[0].chapters[0].ref]);
    // What the part type derives is derived again on import (a YouTube video's id).
    delete manifest.course.modules[1].chapters[0].parts[1].content.videoId;
    zip.bytes = await (
      await JSZip.loadAsync(zip.bytes)
    )
      .file('course.json', JSON.stringify(manifest))
      .generateAsync({ type: 'nodebuffer' });

    const counts = await rowCounts();
    const created = await imported(zip.bytes);
    expect(created.status, created.body).toBe(201);
    expect(created.json).toMatchObject({ status: 'draft', company: { id: t.users.admin.company } });
    const after = await treeOf(created.json.id);
    expect(after.tree).toEqual(before.tree);
    expect(after.ids.chapters.filter((id) => before.ids.chapters.includes(id))).toEqual([]);
    expect(after.ids.unlocks.every((id) => after.ids.chapters.includes(id))).toBe(true);
    // New documents (new files), the same tags and skills found by name (none created).
    const now = await rowCounts();
    expect(now.documents - counts.documents).toBe(3);
    expect(now.tags).toBe(counts.tags);
    expect(now.skills).toBe(counts.skills);
    const [entry] = await t.db.query<{ action: string; record_id: number }>(
      'SELECT action, record_id FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect(entry).toEqual({ action: 'import', record_id: created.json.id });
  });

  it('imports into the structure of the session, creating the tags and skills it lacks', async () => {
    const [other] = await t.db.query<{ id: number }>('SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1', [
      t.users.admin.company,
    ]);
    const zip = await exported(source);
    const created = await imported(zip.bytes, 'superadmin', { 'x-structure': String(other.id) });
    expect(created.status, created.body).toBe(201);
    expect(created.json.company.id).toBe(other.id);
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tags WHERE company_id = $1 AND name IN ('Transfert A', 'Transfert B')`,
      [other.id],
    );
    expect(n).toBe(2);
    expect((await treeOf(created.json.id)).tree).toEqual((await treeOf(source)).tree);
    // The admin of the first structure does not see it.
    expect((await exported(created.json.id)).status).toBe(404);
  });

  it("lands in the catalogue for platform staff in every structure, never naming a structure's tags", async () => {
    const created = await imported((await exported(source)).bytes, 'superadmin');
    expect(created.status, created.body).toBe(201);
    expect(created.json.company).toBeNull();
    const companies = await t.db.query<{ company_id: number | null }>(
      `SELECT g.company_id FROM course_tags j JOIN tags g ON g.id = j.tag_id WHERE j.course_id = $1
       UNION ALL SELECT s.company_id FROM course_skills j JOIN skills s ON s.id = j.skill_id WHERE j.course_id = $1`,
      [created.json.id],
    );
    expect(companies).toEqual([{ company_id: null }, { company_id: null }, { company_id: null }]);
  });

  it('is offered to contributors as the copy is: they export and import their structure’s courses', async () => {
    const created = await imported((await exported(source, 'contributor')).bytes, 'contributor');
    expect(created.status, created.body).toBe(201);
    expect(created.json.company.id).toBe(t.users.contributor.company);
  });

  it('refuses a file past the upload limit, in French, and writes nothing', async () => {
    const counts = await rowCounts();
    const refused = await imported(Buffer.alloc((t.config.uploadMaxMb + 1) * 1024 * 1024, 1));
    expect(refused.status).toBe(422);
    expect(refused.json.violations).toEqual([
      {
        propertyPath: 'file',
        code: 'too_large',
        message: `Le fichier est trop volumineux : plus de ${t.config.uploadMaxMb} Mo.`,
      },
    ]);
    expect(await rowCounts()).toEqual(counts);
  });

  it("is a 404 for another structure's course", async () => {
    const [other] = await t.db.query<{ id: number }>(
      'SELECT id FROM courses WHERE company_id <> $1 ORDER BY id LIMIT 1',
      [t.users.admin.company],
    );
    expect((await exported(other.id, 'admin')).status).toBe(404);
    expect((await exported(other.id, 'contributor')).status).toBe(404);
  });

  /** The exported file changed by `change`, zipped again. */
  async function corrupted(change: (manifest: CourseFile, zip: JSZip) => void): Promise<Buffer> {
    const zip = await JSZip.loadAsync((await exported(source)).bytes);
    const manifest = JSON.parse(await zip.file('course.json')!.async('string')) as CourseFile;
    change(manifest, zip);
    zip.file('course.json', JSON.stringify(manifest));
    return zip.generateAsync({ type: 'nodebuffer' });
  }

  const chapterOf = (manifest: CourseFile, module: number, chapter: number) =>
    manifest.course.modules[module].chapters[chapter];

  const BAD_FILES: [string, () => Promise<Buffer>, string, string][] = [
    ['not a zip', async () => Buffer.from('PK? pas une archive'), 'not_a_zip', 'file'],
    [
      'no course.json',
      async () => new JSZip().file('autre.txt', 'x').generateAsync({ type: 'nodebuffer' }),
      'no_manifest',
      'course.json',
    ],
    [
      'course.json not JSON',
      async () => new JSZip().file('course.json', '{ pas du json').generateAsync({ type: 'nodebuffer' }),
      'invalid_json',
      'course.json',
    ],
    ['an unknown version', () => corrupted((m) => void (m.version = 99)), 'unknown_version', 'version'],
    [
      'an unknown part type',
      () => corrupted((m) => void (chapterOf(m, 0, 0).parts[0].type = 'hologram' as never)),
      'unknown_part_type',
      'course.modules[0].chapters[0].parts[0].type',
    ],
    [
      'a prerequisite naming no chapter of the file',
      () => corrupted((m) => void (chapterOf(m, 1, 0).unlocks = ['c99'])),
      'broken_reference',
      'course.modules[1].chapters[0].unlocks[0]',
    ],
    [
      'a part naming no document of the file',
      () => corrupted((m) => void (chapterOf(m, 0, 0).parts[1].content.document = 'd99')),
      'broken_reference',
      'course.modules[0].chapters[0].parts[1].content.document',
    ],
    [
      'a content failing its part type’s check',
      () =>
        corrupted((m) => {
          const options = chapterOf(m, 1, 0).parts[0].content.options as { correct: boolean }[];
          for (const option of options) option.correct = true;
        }),
      'invalid_content',
      'course.modules[1].chapters[0].parts[0].content.options',
    ],
    [
      'a document whose file is missing',
      () => corrupted((m, zip) => void zip.remove(m.documents[0].file)),
      'missing_file',
      'documents[0].file',
    ],
    [
      'a file that is not what it says',
      () => corrupted((m, zip) => void zip.file(m.documents[0].file, '<html>pas une image</html>')),
      'invalid_file',
      'documents[0].file',
    ],
    [
      'a course past the size cap',
      () =>
        corrupted((m) => {
          const chapter = chapterOf(m, 0, 0);
          chapter.parts = Array.from({ length: COPY_MAX_ROWS }, () => ({ ...chapter.parts[0] }));
        }),
      'too_large',
      'course',
    ],
    [
      'prerequisites in a loop',
      () => corrupted((m) => void (chapterOf(m, 0, 0).unlocks = [chapterOf(m, 0, 1).ref])),
      'unlock_cycle',
      'course.modules',
    ],
  ];

  it.each(BAD_FILES)('refuses %s with a French message, and writes nothing', async (_name, build, code, path) => {
    const bytes = await build();
    const counts = await rowCounts();
    const refused = await imported(bytes);
    expect(refused.status, refused.body).toBe(422);
    const found = refused.json.violations.find((v: { code: string }) => v.code === code);
    expect(found, refused.body).toMatchObject({ propertyPath: path });
    // Said in French, for the author of the file.
    expect(found.message).toMatch(/n'est pas|ne contient pas|inconnue?|introuvable|refusé|absent|volumineux|boucle/);
    expect(await rowCounts()).toEqual(counts);
  });

  it('lists every problem of a file at once', async () => {
    const bytes = await corrupted((m) => {
      chapterOf(m, 0, 0).parts[0].type = 'hologram' as never;
      chapterOf(m, 1, 0).unlocks = ['c99'];
      m.course.title = '';
    });
    const refused = await imported(bytes);
    expect(refused.status).toBe(422);
    expect(refused.json.violations.map((v: { code: string }) => v.code).sort()).toEqual([
      'broken_reference',
      'invalid_field',
      'unknown_part_type',
    ]);
  });

  it('publishes the JSON Schema of the format beside the OpenAPI document, with every part type', async () => {
    const schema = await t.request('GET', COURSE_FORMAT_SCHEMA_PATH);
    expect(schema.status).toBe(200);
    expect(schema.json.properties.version.enum).toContain(COURSE_FORMAT_VERSION);
    const openapi = await t.request('GET', '/api/docs.json');
    expect(openapi.json.paths['/api/courses/{id}/export']).toBeDefined();
    expect(openapi.json.paths['/api/courses/import']).toBeDefined();
    expect(openapi.json.paths['/api/courses/{id}/rerun']).toBeDefined();
  });
});
