import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';

/** Positions stay dense (0..n-1 per parent) on every write path. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const GROUPS = [
  { table: 'modules', parent: 'course_id' },
  { table: 'chapters', parent: 'module_id' },
  { table: 'chapter_parts', parent: 'chapter_id' },
  { table: 'folders', parent: 'parent_id' },
] as const;

/** Groups whose positions are not exactly 0..n-1: none, ever. */
async function brokenGroups() {
  const broken = [];
  for (const group of GROUPS)
    broken.push(
      ...(await t.db.query(
        `SELECT '${group.table}' AS table, ${group.parent} AS parent, array_agg(position ORDER BY position) AS positions
           FROM ${group.table} GROUP BY ${group.parent}
          HAVING min(position) <> 0 OR max(position) <> count(*) - 1 OR count(DISTINCT position) <> count(*)`,
      )),
    );
  return broken;
}

async function titlesOf(module: number) {
  return (
    await t.db.query<{ title: string }>('SELECT title FROM chapters WHERE module_id = $1 ORDER BY position', [module])
  ).map((row) => row.title);
}

describe('dense positions', () => {
  it('hold in the demo data', async () => {
    expect(await brokenGroups()).toEqual([]);
  });

  it('a create appends without a position, inserts at one, and refuses one past the end', async () => {
    const course = await t.request('POST', '/api/courses', { as: 'contributor', body: { title: 'Ordre' } });
    const module = await t.request('POST', '/api/modules', {
      as: 'contributor',
      body: { title: 'M', course: course.json['@id'] },
    });
    const m = module.json['@id'];
    for (const title of ['A', 'B', 'C'])
      expect(
        (await t.request('POST', '/api/chapters', { as: 'contributor', body: { title, module: m } })).json.position,
      ).toBeDefined();
    expect(await titlesOf(module.json.id)).toEqual(['A', 'B', 'C']);
    const first = await t.request('POST', '/api/chapters', {
      as: 'contributor',
      body: { title: 'Z', module: m, position: 0 },
    });
    expect(first.json.position).toBe(0);
    expect(await titlesOf(module.json.id)).toEqual(['Z', 'A', 'B', 'C']);
    const last = await t.request('POST', '/api/chapters', {
      as: 'contributor',
      body: { title: 'E', module: m, position: 4 },
    });
    expect(last.json.position).toBe(4);
    const beyond = await t.request('POST', '/api/chapters', {
      as: 'contributor',
      body: { title: 'F', module: m, position: 6 },
    });
    expect(beyond.status).toBe(422);
    expect(beyond.json.violations[0]).toMatchObject({ propertyPath: 'position', code: 'range' });
    expect(
      (await t.request('POST', '/api/chapters', { as: 'contributor', body: { title: 'F', module: m, position: -1 } }))
        .status,
    ).toBe(422);
    expect(await brokenGroups()).toEqual([]);
  });

  it('an update moves within the group or to another parent, and a delete closes the gap', async () => {
    const course = await t.request('POST', '/api/courses', { as: 'contributor', body: { title: 'Déplacements' } });
    const one = await t.request('POST', '/api/modules', {
      as: 'contributor',
      body: { title: 'Un', course: course.json['@id'] },
    });
    const two = await t.request('POST', '/api/modules', {
      as: 'contributor',
      body: { title: 'Deux', course: course.json['@id'] },
    });
    const ids: Record<string, number> = {};
    for (const title of ['A', 'B', 'C', 'D'])
      ids[title] = (
        await t.request('POST', '/api/chapters', { as: 'contributor', body: { title, module: one.json['@id'] } })
      ).json.id;
    await t.request('POST', '/api/chapters', { as: 'contributor', body: { title: 'X', module: two.json['@id'] } });

    expect(
      (await t.request('PUT', `/api/chapters/${ids.D}`, { as: 'contributor', body: { position: 1 } })).json.position,
    ).toBe(1);
    expect(await titlesOf(one.json.id)).toEqual(['A', 'D', 'B', 'C']);
    expect(
      (await t.request('PUT', `/api/chapters/${ids.A}`, { as: 'contributor', body: { position: 4 } })).status,
    ).toBe(422);

    // To another module: at its end by default, or at the position given.
    expect(
      (await t.request('PUT', `/api/chapters/${ids.B}`, { as: 'contributor', body: { module: two.json['@id'] } })).json
        .position,
    ).toBe(1);
    expect(
      (
        await t.request('PUT', `/api/chapters/${ids.C}`, {
          as: 'contributor',
          body: { module: two.json['@id'], position: 0 },
        })
      ).json.position,
    ).toBe(0);
    expect(await titlesOf(one.json.id)).toEqual(['A', 'D']);
    expect(await titlesOf(two.json.id)).toEqual(['C', 'X', 'B']);

    await t.request('DELETE', `/api/chapters/${ids.A}`, { as: 'superadmin' });
    expect(await titlesOf(one.json.id)).toEqual(['D']);
    expect(await brokenGroups()).toEqual([]);
  });

  it('reorder refuses a position past the last, and folders follow the same rules', async () => {
    const [chapter] = await t.db.query<{ id: number; n: number }>(
      'SELECT min(id) AS id, count(*)::int AS n FROM chapters GROUP BY module_id ORDER BY 2 DESC LIMIT 1',
    );
    expect(
      (
        await t.request('PUT', `/api/chapters/${chapter.id}/reorder`, {
          as: 'contributor',
          body: { position: chapter.n },
        })
      ).status,
    ).toBe(422);

    const folder = await t.request('POST', '/api/folders', {
      as: 'superadmin',
      body: { name: 'Classeur', parent: '/api/folders/1' },
    });
    const a = await t.request('POST', '/api/folders', {
      as: 'superadmin',
      body: { name: 'a', parent: folder.json['@id'] },
    });
    await t.request('POST', '/api/folders', { as: 'superadmin', body: { name: 'b', parent: folder.json['@id'] } });
    const c = await t.request('POST', '/api/folders', {
      as: 'superadmin',
      body: { name: 'c', parent: folder.json['@id'], position: 0 },
    });
    expect(c.json.position).toBe(0);
    expect((await t.request('DELETE', `/api/folder/${a.json.id}`, { as: 'superadmin' })).status).toBe(204);
    expect(await brokenGroups()).toEqual([]);
  });

  it('concurrent creates, moves and deletes in one group leave it dense', async () => {
    const course = await t.request('POST', '/api/courses', { as: 'admin', body: { title: 'Concurrence' } });
    const module = await t.request('POST', '/api/modules', {
      as: 'admin',
      body: { title: 'M', course: course.json['@id'] },
    });
    const m = module.json['@id'];
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        t.request('POST', '/api/chapters', {
          as: 'admin',
          body: { title: `c${n}`, module: m, position: n % 2 === 0 ? 0 : undefined },
        }),
      ),
    );
    await Promise.all([
      ...created
        .slice(0, 3)
        .map((answer, n) =>
          t.request('PUT', `/api/chapters/${answer.json.id}`, { as: 'admin', body: { position: n } }),
        ),
      ...created
        .slice(3, 5)
        .map((answer) => t.request('DELETE', `/api/chapters/${answer.json.id}`, { as: 'superadmin' })),
      t.request('PUT', `/api/chapters/${created[6].json.id}/reorder`, { as: 'admin', body: { position: 0 } }),
    ]);
    expect(await brokenGroups()).toEqual([]);
  });
});
