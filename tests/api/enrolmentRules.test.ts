import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDateOf, RULE_WITHOUT_AUDIENCE } from '../../src/domain/learning.ts';
import {
  courseWithChapters,
  enrolmentsOf,
  give,
  group,
  iriOf,
  members,
  otherStructure,
} from './support/enrolmentFixtures.ts';
import { createTestApp, type Persona, type TestApp } from './support/testApp.ts';

/**
 * Enrolment rules: applied on request to the members already there (after a preview counting the same), and
 * by the database to each member who arrives under them, whatever the write path (the API, the CSV import,
 * the platform's own SQL), once; never to one a manager unenrolled, nor by an inactive rule.
 */
let t: TestApp;
let A: number;
let B: number;

beforeAll(async () => {
  t = await createTestApp();
  A = Number(t.users.admin.company);
  B = await otherStructure(t);
});
afterAll(async () => {
  await t?.close();
});

const send = (method: string, url: string, body?: unknown, as: Persona = 'admin') =>
  t.request(method, url, { as, body });

/** A rule of the admin's structure, made through the API. */
async function rule(fields: Record<string, unknown>): Promise<number> {
  const created = await send('POST', '/api/enrolment-rules', { name: 'Règle de test', active: true, ...fields });
  expect(created.status, created.body).toBe(201);
  return created.json.id as number;
}

const dueIn = (days: number) => [
  dueDateOf({ days }, new Date(Date.now() - 60_000))!.toISOString(),
  dueDateOf({ days }, new Date(Date.now() + 60_000))!.toISOString(),
];

describe('an enrolment rule', () => {
  it('names a tag or a skill', async () => {
    const course = await courseWithChapters(t, A);
    const refused = await send('POST', '/api/enrolment-rules', { name: 'Sans public', course: course.id });
    expect(refused.status, refused.body).toBe(422);
    expect(refused.json.violations).toEqual([
      expect.objectContaining({ propertyPath: 'tag', code: RULE_WITHOUT_AUDIENCE }),
    ]);
    const id = await rule({ course: course.id, skill: iriOf('skills', await group(t, 'skills', A)) });
    const emptied = await send('PUT', `/api/enrolment-rules/${id}`, { skill: null });
    expect(emptied.status, emptied.body).toBe(422);
    expect(emptied.json.violations[0]).toMatchObject({ propertyPath: 'tag', code: RULE_WITHOUT_AUDIENCE });
    // The database holds it too, for every other write path.
    await expect(
      t.db.query(`INSERT INTO enrolment_rules (name, course_id, company_id) VALUES ('SQL', $1, $2)`, [course.id, A]),
    ).rejects.toThrow(/enrolment_rules_audience/);
  });

  it('enrols the members already there on request, after a preview counting the same, once', async () => {
    const course = await courseWithChapters(t, null);
    const tag = await group(t, 'tags', A);
    const tagged = await members(t, A, 4);
    const [disabled] = await members(t, A, 1, { enabled: false });
    const [elsewhere] = await members(t, B, 1);
    await give(t, 'user_tags', [...tagged, disabled, elsewhere], tag);
    // A manager unenrolled one: the rule leaves them so.
    await t.db.query(`INSERT INTO participations (user_id, course_id, unenrolled_at) VALUES ($1, $2, now())`, [
      tagged[0].id,
      course.id,
    ]);
    const id = await rule({ course: iriOf('courses', course.id), tag: iriOf('tags', tag), dueDays: 30 });
    const preview = await send('POST', `/api/enrolment-rules/${id}/preview`);
    expect(preview.status, preview.body).toBe(200);
    expect(preview.json).toMatchObject({ toEnrol: 3, alreadyEnrolled: 0, unenrolled: 1 });
    expect(preview.json.sample.map((person: { id: number }) => person.id).sort()).toEqual(
      tagged.slice(1).map((person) => person.id),
    );
    expect(dueIn(30)).toContain(preview.json.dueAt);

    const applied = await send('POST', `/api/enrolment-rules/${id}/apply`);
    expect(applied.status, applied.body).toBe(200);
    expect(applied.json).toEqual({
      enrolled: preview.json.toEnrol,
      alreadyEnrolled: preview.json.alreadyEnrolled,
      unenrolled: preview.json.unenrolled,
      dueAt: preview.json.dueAt,
    });
    const rows = await enrolmentsOf(t, course.id);
    expect(rows.map((row) => row.user_id)).toEqual(tagged.map((person) => person.id));
    expect(rows[0].unenrolled_at).not.toBeNull();
    for (const row of rows.slice(1)) {
      expect(row).toMatchObject({ rule_id: id, enrolled_by_id: t.users.admin.id, unenrolled_at: null });
      expect(row.due_at?.toISOString()).toBe(preview.json.dueAt);
    }
    const [entry] = await t.db.query<{ company_id: number }>(
      `SELECT company_id FROM audit_log WHERE action = 'apply-rule' AND resource = 'enrolment-rules' AND record_id = $1`,
      [id],
    );
    expect(entry).toEqual({ company_id: A });

    const again = await send('POST', `/api/enrolment-rules/${id}/apply`);
    expect(again.json).toMatchObject({ enrolled: 0, alreadyEnrolled: 3, unenrolled: 1 });
    expect(await enrolmentsOf(t, course.id)).toHaveLength(4);
  });

  it('is another structure’s to apply: not found, and refused to contributors', async () => {
    const course = await courseWithChapters(t, B);
    const [theirs] = await t.db.query<{ id: number }>(
      `INSERT INTO enrolment_rules (name, course_id, tag_id, company_id) VALUES ('Leur règle', $1, $2, $3) RETURNING id`,
      [course.id, await group(t, 'tags', B), B],
    );
    for (const verb of ['preview', 'apply']) {
      expect((await send('POST', `/api/enrolment-rules/${theirs.id}/${verb}`)).status).toBe(404);
      expect((await send('POST', `/api/enrolment-rules/${theirs.id}/${verb}`, undefined, 'contributor')).status).toBe(
        403,
      );
    }
  });
});

describe('a member who arrives', () => {
  it('is enrolled once, whether created with the tag through the API or the CSV import, or tagged later', async () => {
    const course = await courseWithChapters(t, A);
    const tag = await group(t, 'tags', A);
    const id = await rule({ course: course.id, tag: iriOf('tags', tag), dueDays: 10 });
    const person = (name: string) => ({
      email: `${name}-${Date.now()}@exemple.fr`,
      firstName: 'Arrivée',
      lastName: name,
      type: 'contributor',
      tags: [iriOf('tags', tag)],
    });
    const created = await send('POST', '/api/users', person('api'));
    expect(created.status, created.body).toBe(201);
    const imported = await send('POST', '/api/users/import', { rows: [person('import')], dryRun: false });
    expect(imported.status, imported.body).toBe(201);
    const later = await send('POST', '/api/users', { ...person('plus-tard'), tags: [] });
    expect((await enrolmentsOf(t, course.id)).map((row) => row.user_id)).toEqual([
      created.json.id,
      imported.json.ids[0],
    ]);
    const tagged = await send('PUT', `/api/users/${later.json.id}`, { tags: [iriOf('tags', tag)] });
    expect(tagged.status, tagged.body).toBe(200);
    expect(tagged.json.tags).toEqual([iriOf('tags', tag)]);

    const rows = await enrolmentsOf(t, course.id);
    expect(rows.map((row) => row.user_id)).toEqual([created.json.id, imported.json.ids[0], later.json.id]);
    for (const row of rows) {
      expect(row).toMatchObject({ rule_id: id, enrolled_by_id: null, unenrolled_at: null });
      expect(dueIn(10)).toContain(row.due_at?.toISOString());
    }
    // The same tag given again, a change of something else, another rule's tag: once is once.
    await send('PUT', `/api/users/${later.json.id}`, { tags: [iriOf('tags', tag)], lastName: 'Changé' });
    await send('POST', `/api/enrolment-rules/${id}/apply`);
    expect(await enrolmentsOf(t, course.id)).toHaveLength(3);
  });

  it('is enrolled by a skill, on the platform’s own write, and on being enabled again', async () => {
    const course = await courseWithChapters(t, A);
    const skill = await group(t, 'skills', null);
    await rule({ course: course.id, skill: iriOf('skills', skill) });
    const [platform, disabled] = await members(t, A, 2);
    await give(t, 'user_skills', [platform], skill);
    await t.db.query('UPDATE users SET enabled = false WHERE id = $1', [disabled.id]);
    const given = await send('PUT', `/api/users/${disabled.id}`, { skills: [iriOf('skills', skill)] });
    expect(given.status, given.body).toBe(200);
    expect((await enrolmentsOf(t, course.id)).map((row) => row.user_id)).toEqual([platform.id]);
    const enabled = await send('PUT', `/api/users/${disabled.id}`, { enabled: true });
    expect(enabled.status, enabled.body).toBe(200);
    const rows = await enrolmentsOf(t, course.id);
    expect(rows.map((row) => [row.user_id, row.due_at])).toEqual([
      [platform.id, null],
      [disabled.id, null],
    ]);
  });

  it('is not enrolled by an inactive rule, another structure’s, or once a manager unenrolled them', async () => {
    const course = await courseWithChapters(t, null);
    const tag = await group(t, 'tags', null);
    await rule({ course: course.id, tag: iriOf('tags', tag), active: false });
    await t.db.query(
      `INSERT INTO enrolment_rules (name, course_id, tag_id, company_id) VALUES ('Leur règle', $1, $2, $3)`,
      [course.id, tag, B],
    );
    const [arriving] = await members(t, A, 1);
    await send('PUT', `/api/users/${arriving.id}`, { tags: [iriOf('tags', tag)] });
    expect(await enrolmentsOf(t, course.id)).toEqual([]);

    const other = await courseWithChapters(t, A);
    const otherTag = await group(t, 'tags', A);
    await rule({ course: other.id, tag: iriOf('tags', otherTag) });
    await send('PUT', `/api/users/${arriving.id}`, { tags: [iriOf('tags', otherTag)] });
    const [enrolled] = await enrolmentsOf(t, other.id);
    expect(enrolled.user_id).toBe(arriving.id);
    expect((await send('POST', `/api/participations/${enrolled.id}/unenrol`)).status).toBe(200);
    // The tag taken away and given back: still unenrolled.
    await send('PUT', `/api/users/${arriving.id}`, { tags: [] });
    await send('PUT', `/api/users/${arriving.id}`, { tags: [iriOf('tags', otherTag)] });
    const rows = await enrolmentsOf(t, other.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].unenrolled_at).not.toBeNull();
  });
});

describe('a rule’s due date', () => {
  it('is read the same in TypeScript and in SQL, on fixed dates', async () => {
    const cases: [string, number][] = [
      ['2026-03-28T23:30:00Z', 1],
      ['2026-03-29T00:00:00Z', 30],
      ['2026-12-31T12:00:00.5Z', 1],
      ['2028-02-28T08:00:00+05:00', 365],
    ];
    const rows = await t.db.query<{ due: Date }>(
      `SELECT learning_due_at(c.days, c.since) AS due
         FROM jsonb_to_recordset($1::jsonb) AS c(since timestamptz, days int, n int) ORDER BY c.n`,
      [JSON.stringify(cases.map(([since, days], n) => ({ since, days, n })))],
    );
    expect(rows.map((row) => row.due.toISOString())).toEqual(
      cases.map(([since, days]) => dueDateOf({ days }, new Date(since))!.toISOString()),
    );
  });
});

describe('a user’s tags and skills', () => {
  it('are set by the structure’s administrators, from what the structure reads, and not by the user', async () => {
    const [person] = await members(t, A, 1);
    const own = await group(t, 'tags', A);
    const catalogue = await group(t, 'skills', null);
    const set = await send('PUT', `/api/users/${person.id}`, {
      tags: [iriOf('tags', own)],
      skills: [iriOf('skills', catalogue)],
    });
    expect(set.status, set.body).toBe(200);
    expect(set.json).toMatchObject({ tags: [iriOf('tags', own)], skills: [iriOf('skills', catalogue)] });

    const theirs = await group(t, 'tags', B);
    const refused = await send('PUT', `/api/users/${person.id}`, { tags: [iriOf('tags', theirs)] });
    expect(refused.status, refused.body).toBe(422);
    expect(refused.json.violations).toEqual([expect.objectContaining({ propertyPath: 'tags', code: 'reference' })]);

    // A contributor's own tags are an administrator's to give: a value sent is ignored.
    const contributor = t.users.contributor.id;
    const before = await send('GET', `/api/users/${contributor}`, undefined, 'contributor');
    const self = await send('PUT', `/api/users/${contributor}`, { tags: [iriOf('tags', own)] }, 'contributor');
    expect(self.status, self.body).toBe(200);
    expect(self.json.tags).toEqual(before.json.tags);
  });
});
