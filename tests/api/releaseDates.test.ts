import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_FORMAT_VERSION, COURSE_MANIFEST, type CourseFile } from '../../src/domain/courseFormat.ts';
import { DEFAULT_TIME_ZONE } from '../../src/domain/releases.ts';
import { administratorOf, type Caller, sendAs, type Who, createAs } from '../security/support/structures.ts';
import { iri } from './support/samples.ts';
import { multipartBody } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Release dates (src/domain/releases.ts): before its date a module, chapter or part is left out of the learner's
 * views (`/menu`, `/displayable`, answering a part) exactly as a node that does not exist, a node inside an
 * unreleased one too, while the outline and the resources show and change it all along. Dates are the
 * database's clock against dates a year away either way, so nothing mocks time. The bulk action sets or clears
 * them with the rights of the single edit on every node, all or nothing; a structure's time zone is an IANA name
 * PostgreSQL knows.
 */
let t: TestApp;
let stranger: Caller;

const PAST = new Date(Date.now() - 365 * 86_400_000).toISOString();
const FUTURE = new Date(Date.now() + 365 * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  stranger = (await administratorOf(t, Number(t.users.contributor.company), true)).caller;
});
afterAll(async () => {
  await t?.close();
});

const send = (who: Who, method: string, url: string, body?: unknown) => sendAs(t, who, method, url, body);

const create = async (resource: string, body: Record<string, unknown>, who: Who = 'contributor') =>
  (await createAs(t, who, resource, body)).id;

/**
 * M1 (released a year ago): A (no date; parts a1, a2 due in a year), B (due in a year), C (released a year ago);
 * M2 (due in a year): D (no date, part d1).
 */
async function course(who: Who = 'contributor') {
  const id = await create('courses', { title: `Calendrier ${Date.now()}` }, who);
  const m1 = await create('modules', { title: 'M1', course: iri('courses', id), releaseAt: PAST }, who);
  const m2 = await create('modules', { title: 'M2', course: iri('courses', id), releaseAt: FUTURE }, who);
  const a = await create('chapters', { title: 'A', module: iri('modules', m1) }, who);
  const b = await create('chapters', { title: 'B', module: iri('modules', m1), releaseAt: FUTURE }, who);
  const c = await create('chapters', { title: 'C', module: iri('modules', m1), releaseAt: PAST }, who);
  const d = await create('chapters', { title: 'D', module: iri('modules', m2) }, who);
  const part = (chapter: number, title: string, releaseAt: string | null = null) =>
    create(
      'chapter-parts',
      { chapter: iri('chapters', chapter), type: 'interactive_text', title, content: { question: title }, releaseAt },
      who,
    );
  const a1 = await part(a, 'a1');
  const a2 = await part(a, 'a2', FUTURE);
  const d1 = await part(d, 'd1');
  return { id, m1, m2, a, b, c, d, a1, a2, d1 };
}

interface Menu {
  modules: { title: string; chapters: { title: string; parts: { title: string }[] }[] }[];
}
/** Module → chapter → its parts' titles, as `/menu` gives them. */
async function menuOf(course: number, who: Who = 'contributor') {
  const response = await send(who, 'GET', `/api/courses/${course}/menu`);
  expect(response.status, response.body).toBe(200);
  return Object.fromEntries(
    (response.json as Menu).modules.map((module) => [
      module.title,
      Object.fromEntries(module.chapters.map((chapter) => [chapter.title, chapter.parts.map((part) => part.title)])),
    ]),
  );
}

const answer = (part: number) =>
  send('admin', 'POST', '/api/chapter-part-responses', {
    chapterPart: iri('chapter-parts', part),
    user: iri('users', t.users.contributor.id),
    value: { text: 'Ma réponse' },
  });

describe("a learner's views before and after a release date", () => {
  it('leaves unreleased modules, chapters and parts out of the menu, and what they hold', async () => {
    const made = await course();
    expect(await menuOf(made.id)).toEqual({ M1: { A: ['a1'], C: [] } });
  });

  it('answers an unreleased chapter, or one in an unreleased module, as a chapter that does not exist', async () => {
    const made = await course();
    for (const chapter of [made.b, made.d]) {
      const response = await send('contributor', 'GET', `/api/chapters/${chapter}/displayable`);
      expect(response.status).toBe(404);
      expect(response.json.detail).toBe(`Chapter ${chapter} not found.`);
    }
    const shown = await send('contributor', 'GET', `/api/chapters/${made.a}/displayable`);
    expect(shown.status).toBe(200);
    expect(shown.json.parts.map((part: { title: string }) => part.title)).toEqual(['a1']);
    expect((await send('contributor', 'GET', `/api/chapters/${made.c}/displayable`)).status).toBe(200);
  });

  it('refuses an answer to an unreleased part as one to a part that does not exist', async () => {
    const made = await course();
    for (const part of [made.a2, made.d1]) {
      const refused = await answer(part);
      expect(refused.status).toBe(422);
      expect(refused.json.violations).toEqual([
        expect.objectContaining({
          propertyPath: 'chapterPart',
          code: 'reference',
          message: `Item not found for "/api/chapter-parts/${part}".`,
        }),
      ]);
    }
    expect((await answer(made.a1)).status).toBe(201);
  });

  it('shows a node once its date is past, or cleared, and hides it again when set ahead', async () => {
    const made = await course();
    const put = async (resource: string, id: number, releaseAt: string | null) => {
      const response = await send('contributor', 'PUT', `/api/${resource}/${id}`, { releaseAt });
      expect(response.status, response.body).toBe(200);
      expect(response.json.releaseAt === null ? null : new Date(response.json.releaseAt).toISOString()).toBe(releaseAt);
    };
    await put('chapters', made.b, PAST);
    await put('modules', made.m2, null);
    await put('chapter-parts', made.a2, null);
    expect(await menuOf(made.id)).toEqual({ M1: { A: ['a1', 'a2'], B: [], C: [] }, M2: { D: ['d1'] } });
    expect((await send('contributor', 'GET', `/api/chapters/${made.d}/displayable`)).status).toBe(200);
    expect((await answer(made.d1)).status).toBe(201);
    await put('modules', made.m1, FUTURE);
    expect(await menuOf(made.id)).toEqual({ M2: { D: ['d1'] } });
    expect((await send('contributor', 'GET', `/api/chapters/${made.a}/displayable`)).status).toBe(404);
  });

  it('keeps every node and its date in the outline, with the time zone they are read in', async () => {
    const made = await course();
    const outline = (await send('contributor', 'GET', `/api/courses/${made.id}/outline`)).json;
    expect(outline.timeZone).toBe(DEFAULT_TIME_ZONE);
    expect(outline.modules.map((module: { title: string }) => module.title)).toEqual(['M1', 'M2']);
    const [m1, m2] = outline.modules;
    expect(new Date(m2.releaseAt).toISOString()).toBe(FUTURE);
    expect(m1.chapters.map((chapter: { releaseAt: string | null }) => chapter.releaseAt !== null)).toEqual([
      false,
      true,
      true,
    ]);
    expect(new Date(m1.chapters[0].parts[1].releaseAt).toISOString()).toBe(FUTURE);
    const chapter = await send('contributor', 'GET', `/api/chapters/${made.b}`);
    expect(new Date(chapter.json.releaseAt).toISOString()).toBe(FUTURE);
  });
});

describe("a structure's time zone", () => {
  const structure = () => Number(t.users.contributor.company);

  it("is the domain's default until platform staff name another, which the outline then gives", async () => {
    const made = await course();
    const read = await send('admin', 'GET', `/api/companies/${structure()}`);
    expect(read.json.timeZone).toBe(DEFAULT_TIME_ZONE);
    const changed = await send('superadmin', 'PUT', `/api/companies/${structure()}`, {
      timeZone: 'America/New_York',
    });
    expect(changed.status, changed.body).toBe(200);
    expect((await send('contributor', 'GET', `/api/courses/${made.id}/outline`)).json.timeZone).toBe(
      'America/New_York',
    );
    await send('superadmin', 'PUT', `/api/companies/${structure()}`, { timeZone: DEFAULT_TIME_ZONE });
  });

  it('refuses a name PostgreSQL does not know, on the field', async () => {
    const refused = await send('superadmin', 'PUT', `/api/companies/${structure()}`, { timeZone: 'Mars/Olympus' });
    expect(refused.status).toBe(422);
    expect(refused.json.violations).toEqual([expect.objectContaining({ propertyPath: 'timeZone' })]);
    expect((await send('admin', 'GET', `/api/companies/${structure()}`)).json.timeZone).toBe(DEFAULT_TIME_ZONE);
  });
});

describe('the bulk release', () => {
  const bulk = (resource: string, body: Record<string, unknown>, who: Who = 'contributor') =>
    send(who, 'POST', `/api/${resource}/bulk`, body);
  const releaseOf = async (table: string, ids: number[]) =>
    (
      await t.db.query<{ release_at: Date | null }>(
        `SELECT release_at FROM ${table} WHERE id = ANY($1::int4[]) ORDER BY array_position($1::int4[], id)`,
        [ids],
      )
    ).map((row) => (row.release_at ? new Date(row.release_at).toISOString() : null));

  it('sets one date on several chapters in one request and one entry, then clears it', async () => {
    const made = await course();
    const set = await bulk('chapters', { action: 'release', ids: [made.a, made.c], releaseAt: FUTURE });
    expect(set.status, set.body).toBe(200);
    expect(set.json).toEqual({ ids: [made.a, made.c] });
    expect(await releaseOf('chapters', [made.a, made.c])).toEqual([FUTURE, FUTURE]);
    expect(await menuOf(made.id)).toEqual({ M1: {} });
    const [entry] = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE resource = 'chapters' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry.action).toBe('bulk-release');
    const cleared = await bulk('chapters', { action: 'release', ids: [made.a, made.b, made.c], releaseAt: null });
    expect(cleared.status, cleared.body).toBe(200);
    expect(await releaseOf('chapters', [made.a, made.b, made.c])).toEqual([null, null, null]);
    expect(await menuOf(made.id)).toEqual({ M1: { A: ['a1'], B: [], C: [] } });
  });

  it('works on modules and parts as on chapters', async () => {
    const made = await course();
    expect((await bulk('modules', { action: 'release', ids: [made.m2], releaseAt: null })).status).toBe(200);
    expect((await bulk('chapter-parts', { action: 'release', ids: [made.a2], releaseAt: PAST })).status).toBe(200);
    expect(await menuOf(made.id)).toEqual({ M1: { A: ['a1', 'a2'], C: [] }, M2: { D: ['d1'] } });
  });

  it("changes nothing when one node is another structure's, or the date is no date", async () => {
    const made = await course();
    const theirs = await course(stranger);
    const refused = await bulk('chapters', { action: 'release', ids: [made.a, theirs.a], releaseAt: FUTURE });
    expect(refused.status).toBe(404);
    const noDate = await bulk('chapters', { action: 'release', ids: [made.a], releaseAt: 'demain' });
    expect(noDate.status).toBe(422);
    expect(noDate.json.violations[0].propertyPath).toBe('releaseAt');
    const missing = await bulk('chapters', { action: 'release', ids: [made.a] });
    expect(missing.status).toBe(422);
    expect(await releaseOf('chapters', [made.a, theirs.a])).toEqual([null, null]);
  });

  it("refuses the catalogue's chapters, which a structure reads but does not change", async () => {
    const catalogue = await course('superadmin');
    const made = await course();
    const refused = await bulk('chapters', { action: 'release', ids: [made.a, catalogue.a], releaseAt: FUTURE });
    expect(refused.status).toBe(404);
    expect(await releaseOf('chapters', [made.a, catalogue.a])).toEqual([null, null]);
  });
});

describe('release dates in a new session', () => {
  it('moves every level by the offset, or clears them', async () => {
    const made = await course();
    const shifted = await send('contributor', 'POST', `/api/courses/${made.id}/rerun`, { dateOffsetDays: 7 });
    expect(shifted.status, shifted.body).toBe(201);
    const week = (iso: string) => new Date(Date.parse(iso) + 7 * 86_400_000).toISOString();
    const dates = async (course: number) =>
      (
        await t.db.query<{ level: string; title: string; release_at: Date | null }>(
          `SELECT 'module' AS level, m.title, m.release_at FROM modules m WHERE m.course_id = $1
           UNION ALL SELECT 'chapter', c.title, c.release_at FROM chapters c JOIN modules m ON m.id = c.module_id
            WHERE m.course_id = $1
           UNION ALL SELECT 'part', p.title, p.release_at FROM chapter_parts p JOIN chapters c ON c.id = p.chapter_id
             JOIN modules m ON m.id = c.module_id WHERE m.course_id = $1
           ORDER BY 1, 2`,
          [course],
        )
      ).map((row) => [row.title, row.release_at ? new Date(row.release_at).toISOString() : null]);
    expect(Object.fromEntries(await dates(shifted.json.id))).toEqual({
      A: null,
      B: week(FUTURE),
      C: week(PAST),
      D: null,
      M1: week(PAST),
      M2: week(FUTURE),
      a1: null,
      a2: week(FUTURE),
      d1: null,
    });
    const cleared = await send('contributor', 'POST', `/api/courses/${made.id}/rerun`, {});
    expect((await dates(cleared.json.id)).every(([, date]) => date === null)).toBe(true);
  });
});

describe('release dates in an exported file', () => {
  const exported = async (id: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${id}/export`,
      headers: { authorization: `Bearer ${await t.tokenFor('contributor')}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return JSZip.loadAsync(response.rawPayload);
  };
  const importing = async (zip: JSZip) => {
    const { payload, contentType } = multipartBody({
      name: 'cours.zip',
      type: 'application/zip',
      bytes: await zip.generateAsync({ type: 'nodebuffer' }),
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/courses/import',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${await t.tokenFor('contributor')}` },
    });
  };
  const imported = async (zip: JSZip) => {
    const response = await importing(zip);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  /** Each node's title and release date, in the outline's order. */
  const datesOf = async (course: number) => {
    const outline = (await send('contributor', 'GET', `/api/courses/${course}/outline`)).json;
    const date = (value: string | null) => (value === null ? null : new Date(value).toISOString());
    return outline.modules.flatMap(
      (module: {
        title: string;
        releaseAt: string | null;
        chapters: { title: string; releaseAt: string | null; parts: { title: string; releaseAt: string | null }[] }[];
      }) => [
        [module.title, date(module.releaseAt)],
        ...module.chapters.flatMap((chapter) => [
          [chapter.title, date(chapter.releaseAt)],
          ...chapter.parts.map((part) => [part.title, date(part.releaseAt)]),
        ]),
      ],
    );
  };

  it("carries every level's date through an export and an import", async () => {
    const made = await course();
    const zip = await exported(made.id);
    const manifest = JSON.parse(await zip.file(COURSE_MANIFEST)!.async('string')) as CourseFile;
    expect(manifest.version).toBe(COURSE_FORMAT_VERSION);
    expect(manifest.course.modules[1].releaseAt).toBe(FUTURE);
    const copy = await imported(zip);
    expect(await datesOf(copy)).toEqual(await datesOf(made.id));
    expect((await datesOf(copy)).filter(([, date]: [string, string | null]) => date !== null)).toHaveLength(5);
  });

  it('still imports a file of the version before release dates, its nodes released at once', async () => {
    const made = await course();
    const zip = await exported(made.id);
    const manifest = JSON.parse(await zip.file(COURSE_MANIFEST)!.async('string')) as CourseFile;
    manifest.version = 1;
    for (const module of manifest.course.modules) {
      delete module.releaseAt;
      for (const chapter of module.chapters) {
        delete chapter.releaseAt;
        for (const part of chapter.parts) delete part.releaseAt;
      }
    }
    zip.file(COURSE_MANIFEST, JSON.stringify(manifest));
    const copy = await imported(zip);
    const dates = await datesOf(copy);
    expect(dates.map(([title]: [string]) => title)).toEqual(['M1', 'A', 'a1', 'a2', 'B', 'C', 'M2', 'D', 'd1']);
    expect(dates.every(([, date]: [string, string | null]) => date === null)).toBe(true);
  });

  it('refuses a date that is no date, on its place in the file', async () => {
    const made = await course();
    const zip = await exported(made.id);
    const manifest = JSON.parse(await zip.file(COURSE_MANIFEST)!.async('string')) as CourseFile;
    manifest.course.modules[0].chapters[1].releaseAt = 'bientôt';
    zip.file(COURSE_MANIFEST, JSON.stringify(manifest));
    const response = await importing(zip);
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'course.modules[0].chapters[1].releaseAt', code: 'invalid_field' }),
    ]);
  });
});
