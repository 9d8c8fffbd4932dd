import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ITEMS_PER_PAGE, parseListQuery, parseQueryString } from '../../server/resources/listQuery.ts';
import { afterKeySql, orderBySql } from '../../server/resources/listOrder.ts';
import { loadSchemaInfo } from '../../server/resources/schemaInfo.ts';
import { Params } from '../../server/shared/sql.ts';
import { createSample, ensureRows, declarationOf, iri, uniqueString } from './support/samples.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The list engine answers totals from trigger-kept row counts and a filtered-count cache, and seeks deep
 * pages from remembered keyset boundaries. Whatever it remembers must never show: after any write (through
 * the API or straight in SQL) totals and pages are those of SQL.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['tags', 'courses', 'modules', 'participations']) await ensureRows(t, declarationOf(name), 12);
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string) {
  const response = await t.request('GET', url, { as: 'superadmin' });
  expect(response.status, response.body).toBe(200);
  return response.json;
}

async function total(url: string): Promise<number> {
  return (await get(url))['hydra:totalItems'];
}

const ids = (collection: { 'hydra:member': { id: number }[] }) => collection['hydra:member'].map((member) => member.id);

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return row.n;
}

async function sqlPage(sql: string, page: number, perPage: number, params: unknown[] = []): Promise<number[]> {
  const rows = await t.db.query<{ id: number }>(`${sql} LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`, params);
  return rows.map((row) => row.id);
}

describe('totals', () => {
  it('stay exact after creates and deletes through the API', async () => {
    expect(await total('/api/tags')).toBe(await count('tags'));
    const created = [];
    for (let k = 0; k < 3; k++) created.push(await createSample(t, 'tags'));
    expect(await total('/api/tags')).toBe(await count('tags'));
    for (const tag of created.slice(0, 2))
      expect((await t.request('DELETE', iri('tags', tag.id), { as: 'superadmin' })).status).toBe(204);
    expect(await total('/api/tags?itemsPerPage=1')).toBe(await count('tags'));
  });

  it('stay exact after writes made straight in SQL', async () => {
    const before = await total('/api/tags?itemsPerPage=1');
    await t.db.query(`INSERT INTO tags (name) SELECT 'sql-' || g || '-' || $1 FROM generate_series(1, 4) g`, [
      uniqueString('lot'),
    ]);
    expect(await total('/api/tags?itemsPerPage=1')).toBe(before + 4);
    await t.db.query(`DELETE FROM tags WHERE id IN (SELECT id FROM tags WHERE name LIKE 'sql-%' ORDER BY id LIMIT 3)`);
    expect(await total('/api/tags?itemsPerPage=1')).toBe(before + 1);
    expect(await total('/api/tags?itemsPerPage=1')).toBe(await count('tags'));
  });

  it('of a filtered list follow inserts, updates and deletes', async () => {
    const url = '/api/courses?isTemplate=true&itemsPerPage=1';
    const expected = () => count('courses WHERE is_template');
    expect(await total(url)).toBe(await expected());
    const course = await createSample(t, 'courses', { overrides: { isTemplate: true } });
    expect(await total(url)).toBe(await expected());
    await t.request('PUT', iri('courses', course.id), { as: 'superadmin', body: { isTemplate: false } });
    expect(await total(url)).toBe(await expected());
    await t.db.query('UPDATE courses SET is_template = true WHERE id = $1', [course.id]);
    expect(await total(url)).toBe(await expected());
    await t.request('DELETE', iri('courses', course.id), { as: 'superadmin' });
    expect(await total(url)).toBe(await expected());
  });

  it('of a to-many filter follow the join table', async () => {
    const tag = await createSample(t, 'tags');
    const url = `/api/courses?tags[]=${tag.id}&itemsPerPage=1`;
    expect(await total(url)).toBe(0);
    const course = await createSample(t, 'courses');
    const tagged = await t.request('PUT', iri('courses', course.id), {
      as: 'superadmin',
      body: { tags: [iri('tags', tag.id)] },
    });
    expect(tagged.status, tagged.body).toBe(200);
    expect(await total(url)).toBe(1);
    await t.db.query(
      'INSERT INTO course_tags (course_id, tag_id) SELECT id, $1 FROM courses WHERE id <> $2 ORDER BY id LIMIT 2',
      [tag.id, course.id],
    );
    expect(await total(url)).toBe(3);
    await t.db.query('DELETE FROM course_tags WHERE tag_id = $1 AND course_id = $2', [tag.id, course.id]);
    expect(await total(url)).toBe(2);
    await t.request('DELETE', iri('tags', tag.id), { as: 'superadmin' });
    expect(await total(url)).toBe(0);
  });

  it('stay exact after a cascading delete', async () => {
    const course = await createSample(t, 'courses');
    for (let k = 0; k < 3; k++) await createSample(t, 'modules', { overrides: { course: iri('courses', course.id) } });
    const url = `/api/modules?course=${course.id}&itemsPerPage=1`;
    expect(await total(url)).toBe(3);
    const all = await total('/api/modules?itemsPerPage=1');
    expect((await t.request('DELETE', iri('courses', course.id), { as: 'superadmin' })).status).toBe(204);
    expect(await total(url)).toBe(0);
    expect(await total('/api/modules?itemsPerPage=1')).toBe(all - 3);
    expect(all - 3).toBe(await count('modules'));
  });

  it('stay exact when the last page is partial and when a page is past the end', async () => {
    const n = await count('tags');
    const perPage = 5;
    const last = Math.ceil(n / perPage);
    expect(await total(`/api/tags?itemsPerPage=${perPage}&page=${last}`)).toBe(n);
    expect(await total(`/api/tags?itemsPerPage=${perPage}&page=${last + 3}`)).toBe(n);
    expect(await total(`/api/tags?q=e&itemsPerPage=${perPage}&page=${last + 3}`)).toBe(
      await count(`tags WHERE search LIKE '%e%'`),
    );
  });
});

describe('pages', () => {
  const byName = (dir: 'ASC' | 'DESC') => `SELECT id FROM tags ORDER BY name COLLATE french ${dir}, id ${dir}`;

  for (const dir of ['ASC', 'DESC'] as const) {
    const order = dir.toLowerCase();
    it(`deep pages in ${order} order stay right after writes between two requests`, async () => {
      const perPage = 3;
      const url = (page: number) => `/api/tags?order[name]=${order}&itemsPerPage=${perPage}&page=${page}`;
      const n = await count('tags');
      const deep = Math.max(3, Math.floor(n / perPage) - 1);
      // Walk the pages in order: the engine remembers a boundary per page.
      for (let page = 1; page <= deep; page++)
        expect(ids(await get(url(page)))).toEqual(await sqlPage(byName(dir), page, perPage));

      // A row that sorts before every other one shifts every page by one.
      const before = await sqlPage(byName(dir), deep, perPage);
      const first = await createSample(t, 'tags', {
        overrides: { name: dir === 'ASC' ? `!!! ${uniqueString('a')}` : `\u9F98\u9F98 ${uniqueString('z')}` },
      });
      const after = await sqlPage(byName(dir), deep, perPage);
      expect(after).not.toEqual(before);
      expect(ids(await get(url(deep)))).toEqual(after);

      // Deleting it, straight in SQL, shifts them back.
      await t.db.query('DELETE FROM tags WHERE id = $1', [first.id]);
      expect(ids(await get(url(deep)))).toEqual(before);

      // Renaming a row of page 1 so that it moves past the deep page.
      const [moved] = await sqlPage(byName(dir), 1, 1);
      await t.request('PUT', iri('tags', moved), {
        as: 'superadmin',
        body: { name: dir === 'ASC' ? `\u9F98\u9F98 ${uniqueString('z')}` : `!!! ${uniqueString('a')}` },
      });
      const shifted = await sqlPage(byName(dir), deep, perPage);
      expect(shifted).not.toEqual(before);
      expect(ids(await get(url(deep)))).toEqual(shifted);
      expect(ids(await get(url(deep - 1)))).toEqual(await sqlPage(byName(dir), deep - 1, perPage));
    });
  }

  it('a jump straight to a deep page, then back, matches SQL', async () => {
    const sql = 'SELECT id FROM courses ORDER BY created_at DESC, id DESC';
    const n = await count('courses');
    const perPage = 2;
    const last = Math.ceil(n / perPage);
    for (const page of [last, 2, last - 1, 1, last])
      expect(ids(await get(`/api/courses?order[createdAt]=desc&itemsPerPage=${perPage}&page=${page}`))).toEqual(
        await sqlPage(sql, page, perPage),
      );
  });

  it('a nullable order column (offset paging) is right in both directions, NULLs included', async () => {
    // A few participations without a start date, so that the column holds NULLs.
    const made = [];
    for (let k = 0; k < 3; k++) made.push(await createSample(t, 'participations', { overrides: { startedAt: null } }));
    expect(await count('participations WHERE started_at IS NULL')).toBeGreaterThanOrEqual(3);
    for (const dir of ['ASC', 'DESC'] as const) {
      const sql = `SELECT id FROM participations ORDER BY started_at ${dir}, id ${dir}`;
      const n = await count('participations');
      const perPage = 2;
      const pages = Math.ceil(n / perPage);
      const walked: number[] = [];
      for (let page = 1; page <= pages; page++)
        walked.push(
          ...ids(
            await get(`/api/participations?order[startedAt]=${dir.toLowerCase()}&itemsPerPage=${perPage}&page=${page}`),
          ),
        );
      const expected = (await t.db.query<{ id: number }>(sql)).map((row) => row.id);
      expect(walked).toEqual(expected);
      // A write between two requests.
      await t.db.query('UPDATE participations SET started_at = NULL WHERE id = $1', [expected[expected.length - 1]]);
      const middle = Math.ceil(pages / 2);
      expect(
        ids(
          await get(`/api/participations?order[startedAt]=${dir.toLowerCase()}&itemsPerPage=${perPage}&page=${middle}`),
        ),
      ).toEqual(await sqlPage(sql, middle, perPage));
    }
    for (const participation of made)
      await t.request('DELETE', iri('participations', participation.id), { as: 'superadmin' });
  });

  it('two orders of the same list do not mix their boundaries', async () => {
    const perPage = 2;
    for (let round = 0; round < 2; round++)
      for (const [order, sql] of [
        ['order[name]=asc', 'SELECT id FROM tags ORDER BY name COLLATE french ASC, id ASC'],
        ['order[createdAt]=asc', 'SELECT id FROM tags ORDER BY created_at ASC, id ASC'],
        ['order[name]=desc', 'SELECT id FROM tags ORDER BY name COLLATE french DESC, id DESC'],
      ] as const)
        for (const page of [1, 2, 3])
          expect(ids(await get(`/api/tags?${order}&itemsPerPage=${perPage}&page=${page}`))).toEqual(
            await sqlPage(sql, page, perPage),
          );
  });

  it('a filtered and ordered list pages like SQL', async () => {
    const [{ status }] = await t.db.query<{ status: string }>(
      'SELECT status FROM participations GROUP BY status ORDER BY count(*) DESC LIMIT 1',
    );
    const sql = 'SELECT id FROM participations WHERE status = $1 ORDER BY progress DESC, id DESC';
    const n = await count('participations WHERE status = $1', [status]);
    for (let page = 1; page <= Math.ceil(n / 2) + 1; page++) {
      const collection = await get(
        `/api/participations?status=${status}&order[progress]=desc&itemsPerPage=2&page=${page}`,
      );
      expect(collection['hydra:totalItems']).toBe(n);
      expect(ids(collection)).toEqual(await sqlPage(sql, page, 2, [status]));
    }
  });
});

describe('itemsPerPage', () => {
  it(`serves up to ${MAX_ITEMS_PER_PAGE} and refuses more with a 400`, async () => {
    const marker = uniqueString('cap');
    await t.db.query(`INSERT INTO tags (name) SELECT $1 || '-' || g FROM generate_series(1, $2::int) g`, [
      marker,
      MAX_ITEMS_PER_PAGE + 20,
    ]);
    const n = await count('tags');
    expect(n).toBeGreaterThan(MAX_ITEMS_PER_PAGE);
    const first = await get(`/api/tags?itemsPerPage=${MAX_ITEMS_PER_PAGE}`);
    expect(first['hydra:member']).toHaveLength(MAX_ITEMS_PER_PAGE);
    expect(first['hydra:totalItems']).toBe(n);
    const last = new URL(first['hydra:view']['hydra:last'], 'http://x').searchParams.get('page');
    expect(Number(last)).toBe(Math.ceil(n / MAX_ITEMS_PER_PAGE));
    const second = await get(`/api/tags?itemsPerPage=${MAX_ITEMS_PER_PAGE}&page=2`);
    expect(ids(second)).toEqual(
      await sqlPage('SELECT id FROM tags ORDER BY name COLLATE french, id', 2, MAX_ITEMS_PER_PAGE),
    );
    expect(
      (await t.request('GET', '/api/tags?itemsPerPage=30', { as: 'superadmin', accept: 'application/json' })).json,
    ).toHaveLength(30);
    expect(ids(await get('/api/tags'))).toHaveLength(30);

    const refused = await t.request('GET', `/api/tags?itemsPerPage=${MAX_ITEMS_PER_PAGE + 1}`, { as: 'superadmin' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      status: 400,
      reason: 'page_too_large',
      parameter: 'itemsPerPage',
      maximum: MAX_ITEMS_PER_PAGE,
    });
    const exported = await t.request('GET', `/api/tags/export.csv?itemsPerPage=${MAX_ITEMS_PER_PAGE + 1}`, {
      as: 'superadmin',
    });
    expect(exported.status).toBe(400);
  });
});

describe('a query the list does not take', () => {
  it('an unknown order key is a 400 naming it and the orders allowed', async () => {
    const response = await t.request('GET', '/api/tags?order[nope]=asc', { as: 'superadmin' });
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json).toMatchObject({ type: '/errors/400', reason: 'unknown_order', parameter: 'order[nope]' });
    expect(response.json.allowed).toEqual(expect.arrayContaining(['order[id]', 'order[name]']));
    expect(response.json.allowed.every((key: string) => key.startsWith('order['))).toBe(true);
    expect(response.json.detail).toContain('order[nope]');
  });

  it('an unknown filter is a 400 naming it and the parameters allowed, on hand-written lists too', async () => {
    for (const url of ['/api/tags?colour=red', '/api/tickets/user?nope=1', '/api/tags/export.csv?nope=1']) {
      const response = await t.request('GET', url, { as: 'superadmin' });
      expect(response.status, url).toBe(400);
      expect(response.json.reason, url).toBe('unknown_filter');
    }
    const response = await t.request('GET', '/api/courses?unpublished=true', { as: 'superadmin' });
    expect(response.json).toMatchObject({ reason: 'unknown_filter', parameter: 'unpublished' });
    expect(response.json.allowed).toEqual(expect.arrayContaining(['unpublishedChanges', 'q', 'status[]', 'page']));
  });

  it('the rule filters a contract declares are taken', async () => {
    for (const url of [
      '/api/courses?unpublishedChanges=true',
      '/api/participations?unenrolled=true',
      '/api/audit-log?sessions=false',
      '/api/chapter-part-responses?chapter=1',
    ])
      await get(url);
  });

  it('order[id] orders by id, descending included', async () => {
    const sql = await t.db.query<{ id: number }>('SELECT id FROM tags ORDER BY id DESC LIMIT 30');
    expect(ids(await get('/api/tags?order[id]=desc'))).toEqual(sql.map((row) => row.id));
    const ascending = ids(await get('/api/tags?order[id]=asc&page=2'));
    expect(ascending).toEqual(await sqlPage('SELECT id FROM tags ORDER BY id', 2, 30));
  });
});

describe('French order', () => {
  // As a French reader files them: accents and case only part otherwise equal words.
  const words = [
    'apprentissage',
    'Écoute',
    'école',
    'Ecole',
    'Le jour J',
    'Le RGPD',
    'Sécurité',
    'Soft skills',
    'Tutoriel',
  ];
  let lot: string;
  beforeAll(async () => {
    lot = uniqueString('ordre').replace(/\W/g, '');
    // Created out of order, so that neither ids nor bytes give the expected one by chance.
    for (const word of [...words].reverse()) await createSample(t, 'tags', { overrides: { name: `${lot} ${word}` } });
  });

  const names = (collection: { 'hydra:member': { name: string }[] }) =>
    collection['hydra:member'].map((member) => member.name.slice(lot.length + 1));

  it('sorts text with its accents and case as a French reader does, both ways and across pages', async () => {
    const expected = new Intl.Collator('fr').compare;
    const sorted = [...words].sort(expected);
    const before = (a: string, b: string) => expect(sorted.indexOf(a)).toBeLessThan(sorted.indexOf(b));
    before('Écoute', 'Le jour J');
    before('Le jour J', 'Le RGPD');
    before('Sécurité', 'Soft skills');
    expect(names(await get(`/api/tags?q=${lot}&order[name]=asc&itemsPerPage=30`))).toEqual(sorted);
    expect(names(await get(`/api/tags?q=${lot}&order[name]=desc&itemsPerPage=30`))).toEqual([...sorted].reverse());
    const pages = [];
    for (const page of [1, 2, 3, 4, 5, 3, 1])
      pages[page] = names(await get(`/api/tags?q=${lot}&order[name]=asc&itemsPerPage=2&page=${page}`));
    expect(pages.flat()).toEqual(sorted);
  });

  it('reads the order from its index, in the collation the index is built in', async () => {
    // The list's own SQL for the order, seeking past a key as a remembered boundary does.
    const tags = declarationOf('tags');
    const list = parseListQuery(tags, parseQueryString('order[name]=asc'), await loadSchemaInfo(t.db, [tags]));
    const params = new Params();
    const after = afterKeySql(list, [`${lot} Le`, '0'], params, (column) => (column === 'id' ? 'int4' : 'text'));
    const rows = await t.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_sort = off');
      return tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT t.id FROM tags t WHERE ${after} ORDER BY ${orderBySql(list)} LIMIT 30`,
        params.values,
      );
    });
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index (Only )?Scan using tags_name_idx/);
    expect(plan).not.toMatch(/Sort/);
  });
});
