import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_RESULTS_PER_KIND, type SearchAnswer } from '../../src/domain/search.ts';
import { administratorOf, type Caller, sendAs, type Who } from '../security/support/structures.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Search everywhere: words typed without accents or case find records, the last word as a prefix, the best
 * ranked first; a session finds only its structure's rows, only of kinds it may list, never binned ones.
 */
let t: TestApp;
let structure: number;
let staff: Caller;
let stranger: Caller;
/** A word no seeded record holds, so that each test sees only its own rows. */
const marker = () => `Zorglub${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp();
  structure = Number(t.users.contributor.company);
  staff = { token: await t.tokenFor('superadmin'), headers: { 'x-structure': String(structure) } };
  stranger = (await administratorOf(t, structure, true)).caller;
});
afterAll(async () => {
  await t?.close();
});

const send = (who: Who, method: string, url: string, body?: unknown) => sendAs(t, who, method, url, body);

async function create(resource: string, body: Record<string, unknown>, who: Who = 'contributor') {
  const response = await send(who, 'POST', `/api/${resource}`, body);
  expect(response.status, response.body).toBe(201);
  return response.json as { id: number };
}

async function search(who: Who, q: string): Promise<SearchAnswer> {
  const response = await send(who, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
  expect(response.status, response.body).toBe(200);
  return response.json as SearchAnswer;
}

const idsOf = (answer: SearchAnswer, resource: string) =>
  answer.groups.find((group) => group.resource === resource)?.hits.map((hit) => hit.id) ?? [];

describe('GET /api/search', () => {
  it('ignores accents and case, and reads the last word as a prefix', async () => {
    const word = marker();
    const course = await create('courses', { title: `Sécurité ${word} : la formation` });
    for (const q of [
      `securite ${word}`,
      `SÉCURITÉ ${word.toUpperCase()}`,
      `${word} secu`,
      `${word} Sécu`,
      word.slice(0, 9),
    ])
      expect(idsOf(await search('contributor', q), 'courses'), q).toContain(course.id);
    // Every word must match: one that no record holds finds nothing.
    expect(idsOf(await search('contributor', `${word} incendie`), 'courses')).toEqual([]);
    // A French stem finds the other forms of a word.
    expect(idsOf(await search('contributor', `${word} formations`), 'courses')).toContain(course.id);
  });

  it('ranks a title match before a description match, and groups by kind with their labels', async () => {
    const word = marker();
    const inDescription = await create('courses', { title: 'Gestes et postures', description: `Un mot : ${word}.` });
    const inTitle = await create('courses', { title: `Prévention ${word}` });
    const answer = await search('contributor', word);
    expect(idsOf(answer, 'courses')).toEqual([inTitle.id, inDescription.id]);
    const group = answer.groups.find((found) => found.resource === 'courses')!;
    expect(group.hits[0].label).toBe(`Prévention ${word}`);
    expect(group.more).toBe(false);
    const module = await create('modules', { title: `Module ${word}`, course: `/api/courses/${inTitle.id}` });
    const both = await search('contributor', word);
    expect(both.groups.map((found) => found.resource)).toEqual(['courses', 'modules']);
    expect(idsOf(both, 'modules')).toEqual([module.id]);
  });

  it('gives at most a few results a kind, and says there are more', async () => {
    const word = marker();
    for (let index = 0; index <= SEARCH_RESULTS_PER_KIND; index++)
      await create('courses', { title: `${word} ${index}` });
    const group = (await search('contributor', word)).groups.find((found) => found.resource === 'courses')!;
    expect(group.hits).toHaveLength(SEARCH_RESULTS_PER_KIND);
    expect(group.more).toBe(true);
  });

  it("finds only the session's structure's rows", async () => {
    const word = marker();
    const course = await create('courses', { title: `Confidentiel ${word}` });
    const note = await create('notes-bo', { content: `Note ${word}`, course: `/api/courses/${course.id}` }, 'admin');
    expect(idsOf(await search('admin', word), 'notes-bo')).toEqual([note.id]);
    const seen = await search(stranger, word);
    expect(seen.groups).toEqual([]);
    // Platform staff working in another structure do not see it either; in every structure they do.
    const otherStructure = (await administratorOf(t, structure, true)).structure;
    expect((await search({ ...staff, headers: { 'x-structure': String(otherStructure) } }, word)).groups).toEqual([]);
    expect(idsOf(await search({ token: staff.token }, word), 'courses')).toEqual([course.id]);
  });

  it("answers from the full-text index only the ids the caller's row-level security shows", async () => {
    const word = marker();
    const course = await create('courses', { title: `Indexé ${word}` });
    const candidates = (scope: { structure: number | null; platform: boolean }) =>
      t.db
        .scoped(scope)
        .query<{ id: number }>(
          `SELECT courses_search_ids(to_tsquery('search_simple', $1), ARRAY['%' || search_fold($1) || '%'], 50) AS id`,
          [word],
        );
    const otherStructure = (await administratorOf(t, structure, true)).structure;
    expect(await candidates({ structure: otherStructure, platform: false })).toEqual([]);
    expect((await candidates({ structure, platform: false })).map((row) => Number(row.id))).toEqual([course.id]);
    expect((await candidates({ structure: null, platform: true })).map((row) => Number(row.id))).toEqual([course.id]);
  });

  it('searches no kind the session may not list, and only its own rows where it lists its own', async () => {
    const word = marker();
    await create('sheets', { title: `Fiche ${word}`, content: 'Procédure' }, 'superadmin');
    expect(idsOf(await search('superadmin', word), 'sheets')).toHaveLength(1);
    expect(await search('contributor', word)).toEqual({ query: word, groups: [] });
    // Users: an administrator finds them all, a contributor only their own account.
    const contributor = t.users.contributor;
    const [me] = await t.db.query<{ last_name: string }>('SELECT last_name FROM users WHERE id = $1', [contributor.id]);
    const admins = await search('admin', me.last_name);
    expect(idsOf(admins, 'users')).toContain(Number(contributor.id));
    const own = idsOf(await search('contributor', me.last_name), 'users');
    expect(own).toEqual([Number(contributor.id)]);
    // Tickets: a contributor follows their own bug tickets only.
    const support = await create('tickets', { type: 2, subject: `Support ${word}` }, 'admin');
    const bug = await create('tickets', { type: 1, subject: `Bug ${word}` });
    expect(idsOf(await search('contributor', word), 'tickets')).toEqual([bug.id]);
    expect(idsOf(await search('admin', word), 'tickets').sort()).toEqual([support.id, bug.id].sort());
  });

  it('never finds a binned record, and finds it again once restored', async () => {
    const word = marker();
    const course = await create('courses', { title: `Corbeille ${word}` });
    expect(idsOf(await search('contributor', word), 'courses')).toEqual([course.id]);
    expect((await send(staff, 'DELETE', `/api/courses/${course.id}`)).status).toBe(204);
    expect(await search('contributor', word)).toEqual({ query: word, groups: [] });
    const bin = (await send(staff, 'GET', '/api/recycle-bin?itemsPerPage=200')).json as {
      id: number;
      resource: string;
      recordId: number;
    }[];
    const item = bin.find((found) => found.resource === 'courses' && found.recordId === course.id)!;
    expect((await send(staff, 'POST', `/api/recycle-bin/${item.id}/restore`)).status).toBe(200);
    expect(idsOf(await search('contributor', word), 'courses')).toEqual([course.id]);
  });

  it('is bounded and reads punctuation as separators', async () => {
    expect((await send('contributor', 'GET', `/api/search?q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`)).status).toBe(
      400,
    );
    expect((await send('contributor', 'GET', '/api/search')).status).toBe(400);
    expect((await t.request('GET', '/api/search?q=x')).status).toBe(401);
    expect(await search('contributor', `'):* & !| <->`)).toEqual({ query: `'):* & !| <->`, groups: [] });
    const word = marker();
    const course = await create('courses', { title: `Hygiène-${word}` });
    expect(idsOf(await search('contributor', `hygiene:${word}!`), 'courses')).toEqual([course.id]);
  });

  it('keeps the full-text column out of the audit log', async () => {
    const word = marker();
    const course = await create('courses', { title: `Journal ${word}` });
    const entries = await send('superadmin', 'GET', `/api/audit-log?resource=courses&recordId=${course.id}`);
    expect(JSON.stringify(entries.json)).not.toContain('search_vector');
    expect(JSON.stringify(entries.json)).not.toContain('searchVector');
  });
});

describe('parts of words', () => {
  it('finds a word inside a longer one, accents and case ignored, in the lists’ q filter too', async () => {
    const word = marker();
    const course = await create('courses', { title: `Les fondamentaux de la cybersécurité ${word}` });
    for (const q of ['securite', 'SÉCURITÉ', 'cyberSecu', 'fondamentaux securite'])
      expect(idsOf(await search('contributor', `${q} ${word}`), 'courses'), q).toContain(course.id);
    expect(idsOf(await search('contributor', `securite ${word.slice(3)}`), 'courses')).toContain(course.id);
    // Every word must still be there.
    expect(idsOf(await search('contributor', `securite incendie ${word}`), 'courses')).toEqual([]);
    const listed = await send('contributor', 'GET', `/api/courses?q=${encodeURIComponent(`securite ${word}`)}`);
    expect(listed.status).toBe(200);
    expect((listed.json as { id: number }[]).map((item) => item.id)).toEqual([course.id]);
  });

  it('ranks a whole word before a part of one', async () => {
    const word = marker();
    const part = await create('courses', { title: `Les fondamentaux de la cybersécurité ${word}` });
    const whole = await create('courses', { title: `Sécurité ${word}` });
    expect(idsOf(await search('contributor', `securite ${word}`), 'courses')).toEqual([whole.id, part.id]);
  });

  it("stays within the session's structure, and finds for platform staff in every structure", async () => {
    const word = marker();
    const course = await create('courses', { title: `Cybersécurité avancée ${word}` });
    expect(idsOf(await search(stranger, `securite ${word}`), 'courses')).toEqual([]);
    expect(idsOf(await search(staff, `securite ${word}`), 'courses')).toEqual([course.id]);
    expect(idsOf(await search('superadmin', `securite ${word}`), 'courses')).toEqual([course.id]);
  });
});
