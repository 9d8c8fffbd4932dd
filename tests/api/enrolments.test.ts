import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dueDateOf,
  ENROLMENT_MAX_GROUPS,
  ENROLMENT_MAX_LEARNERS,
  ENROLMENT_SAMPLE_SIZE,
  ENROLMENT_TOO_LARGE,
} from '../../src/domain/learning.ts';
import { NO_STRUCTURE } from '../../src/domain/tenancy.ts';
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
 * Enrolling people in a course: the preview counts what the enrolment then does, for every kind of audience
 * (people, e-mails, the structure, a tag, a skill, a supervisor's learners), among the structure's enabled
 * members only; due dates; an unenrolment keeps the learner's history and a re-enrolment finds it again.
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

const post = (url: string, body: unknown, as: Persona = 'admin', headers?: Record<string, string>) =>
  t.request('POST', url, { as, body, headers });
const preview = (body: unknown, as: Persona = 'admin') => post('/api/enrolments/preview', body, as);
const enrol = (body: unknown, as: Persona = 'admin') => post('/api/enrolments', body, as);
const paths = (response: { json: { violations?: { propertyPath: string; code: string }[] } }) =>
  (response.json.violations ?? []).map((v) => `${v.propertyPath}:${v.code}`);

/** Both calls for the same state: the preview, then the enrolment, compared count by count. */
async function previewThenEnrol(body: Record<string, unknown>) {
  const before = await preview(body);
  expect(before.status, before.body).toBe(200);
  const done = await enrol(body);
  expect(done.status, done.body).toBe(200);
  expect(done.json).toEqual({
    enrolled: before.json.toEnrol,
    alreadyEnrolled: before.json.alreadyEnrolled,
    reenrolled: before.json.reenrolled,
    unknownEmails: before.json.unknownEmails,
    dueAt: before.json.dueAt,
  });
  return { preview: before.json, enrolled: done.json };
}

describe('the preview and the enrolment', () => {
  it('count the same, over a union of people, e-mails, a tag, a skill and a supervisor', async () => {
    const course = await courseWithChapters(t, A);
    const [listed, mailed, tagged, skilled, supervised] = await Promise.all(
      [2, 3, 4, 2, 2].map((count) => members(t, A, count)),
    );
    const [disabled] = await members(t, A, 1, { enabled: false });
    const [stranger] = await members(t, B, 1);
    const tag = await group(t, 'tags', A);
    const skill = await group(t, 'skills', null);
    await give(t, 'user_tags', [...tagged, listed[0], disabled], tag);
    await give(t, 'user_skills', skilled, skill);
    const [supervisor] = await members(t, A, 1, { label: 'superviseur' });
    await t.db.query(
      `INSERT INTO user_supervisions (supervisor_id, learner_id, starts_at, ends_at)
       SELECT $1, unnest($2::int4[]), now() - interval '1 day', now() + interval '30 days'`,
      [supervisor.id, supervised.map((person) => person.id)],
    );
    // A supervision over, or not begun: not the supervisor's learners today.
    const [former, future] = await members(t, A, 2);
    await t.db.query(
      `INSERT INTO user_supervisions (supervisor_id, learner_id, starts_at, ends_at)
       VALUES ($1, $2, now() - interval '60 days', now() - interval '1 day'), ($1, $3, now() + interval '1 day', NULL)`,
      [supervisor.id, former.id, future.id],
    );
    // One already enrolled, one unenrolled before.
    await t.db.query(
      `INSERT INTO participations (user_id, course_id, unenrolled_at) VALUES ($1, $3, NULL), ($2, $3, now())`,
      [tagged[0].id, tagged[1].id, course.id],
    );
    const body = {
      course: iriOf('courses', course.id),
      audience: {
        users: listed.map((person) => iriOf('users', person.id)),
        emails: [
          ...mailed.map((person) => person.email.toUpperCase()),
          ` ${mailed[0].email} `,
          'personne@inconnu.fr',
          stranger.email,
          disabled.email,
        ],
        tags: [iriOf('tags', tag)],
        skills: [skill],
        supervisor: iriOf('users', supervisor.id),
      },
      due: { days: 30 },
    };
    const { preview: seen } = await previewThenEnrol(body);
    // listed 2 (one also tagged), mailed 3, tagged 4 (one enrolled, one unenrolled), skilled 2, supervised 2.
    expect(seen).toMatchObject({ toEnrol: 11, alreadyEnrolled: 1, reenrolled: 1 });
    expect(seen.unknownEmails).toEqual(['personne@inconnu.fr', stranger.email, disabled.email]);
    expect(seen.sample).toHaveLength(ENROLMENT_SAMPLE_SIZE);
    expect(seen.sample[0]).toEqual({ id: expect.any(Number), name: expect.any(String), email: expect.any(String) });
    const first = await t.db.query<{ id: number }>(
      `SELECT id FROM users WHERE id = ANY($1::int4[]) AND id <> $2 ORDER BY last_name, first_name, id LIMIT $3`,
      [[...listed, ...mailed, ...tagged, ...skilled, ...supervised].map((person) => person.id), tagged[0].id, 10],
    );
    expect(seen.sample.map((person: { id: number }) => person.id)).toEqual(first.map((row) => row.id));

    const enrolled = await enrolmentsOf(t, course.id);
    const reached = [...listed, ...mailed, ...tagged, ...skilled, ...supervised].map((person) => person.id);
    expect(enrolled.map((row) => row.user_id).sort()).toEqual([...new Set(reached)].sort());
    expect(enrolled.every((row) => row.unenrolled_at === null)).toBe(true);
    // The one enrolled before keeps their enrolment as it was; the others get the due date and who enrolled.
    for (const row of enrolled.filter((candidate) => candidate.user_id !== tagged[0].id)) {
      expect(row.enrolled_by_id).toBe(t.users.admin.id);
      expect(row.due_at?.toISOString()).toBe(seen.dueAt);
    }
    expect(enrolled.find((row) => row.user_id === tagged[0].id)?.due_at).toBeNull();

    // The same enrolment again: everyone is enrolled already, and the preview said so.
    const again = await previewThenEnrol(body);
    expect(again.preview).toMatchObject({ toEnrol: 0, alreadyEnrolled: 13, reenrolled: 0 });
  });

  it('reach every enabled member of the structure, and no one of another', async () => {
    const course = await courseWithChapters(t, A);
    await members(t, A, 2, { enabled: false });
    const [{ count }] = await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM users WHERE company_id = $1 AND enabled',
      [A],
    );
    const { preview: seen } = await previewThenEnrol({ course: course.id, audience: { structure: true } });
    expect(seen).toMatchObject({ toEnrol: count, alreadyEnrolled: 0, reenrolled: 0, unknownEmails: [] });
    const [{ outside }] = await t.db.query<{ outside: number }>(
      `SELECT count(*)::int AS outside FROM participations p JOIN users u ON u.id = p.user_id
        WHERE p.course_id = $1 AND (u.company_id <> $2 OR NOT u.enabled)`,
      [course.id, A],
    );
    expect(outside).toBe(0);
  });

  it('enrol in a course of the catalogue, and in no other structure’s', async () => {
    const catalogue = await courseWithChapters(t, null);
    const theirs = await courseWithChapters(t, B);
    const people = await members(t, A, 2);
    const audience = { users: people.map((person) => person.id) };
    const { enrolled } = await previewThenEnrol({ course: iriOf('courses', catalogue.id), audience });
    expect(enrolled.enrolled).toBe(2);
    const [{ company_id: company }] = await t.db.query<{ company_id: number }>(
      'SELECT company_id FROM participations WHERE course_id = $1 LIMIT 1',
      [catalogue.id],
    );
    expect(company).toBe(A);

    for (const course of [theirs.id, 999_999_999]) {
      const refused = await enrol({ course: iriOf('courses', course), audience });
      expect(refused.status, refused.body).toBe(422);
      expect(paths(refused)).toEqual(['course:reference']);
    }
    expect(await enrolmentsOf(t, theirs.id)).toEqual([]);
  });

  it('refuse another structure’s people, tags, skills and supervisor as they refuse rows that do not exist', async () => {
    const course = await courseWithChapters(t, A);
    const [theirs] = await members(t, B, 1);
    const tag = await group(t, 'tags', B);
    const skill = await group(t, 'skills', B);
    for (const [audience, path] of [
      [{ users: [theirs.id] }, 'audience.users'],
      [{ tags: [iriOf('tags', tag)] }, 'audience.tags'],
      [{ skills: [skill] }, 'audience.skills'],
      [{ supervisor: theirs.id }, 'audience.supervisor'],
    ] as const) {
      const refused = await preview({ course: course.id, audience });
      expect(refused.status, `${path}: ${refused.body}`).toBe(422);
      expect(paths(refused)).toEqual([`${path}:reference`]);
    }
  });

  it('set a fixed due day, or a number of days after the enrolment, at the end of that day', async () => {
    const course = await courseWithChapters(t, A);
    const [first, second] = await members(t, A, 2);
    const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const fixed = await enrol({ course: course.id, audience: { users: [first.id] }, due: { at: day } });
    expect(fixed.status, fixed.body).toBe(200);
    expect(fixed.json.dueAt).toBe(`${day}T23:59:59.999Z`);

    const before = dueDateOf({ days: 12 }, new Date())!.toISOString();
    const relative = await enrol({
      course: course.id,
      audience: { users: [second.id] },
      due: { days: 12 },
      remindSupervisor: true,
    });
    const after = dueDateOf({ days: 12 }, new Date())!.toISOString();
    expect([before, after]).toContain(relative.json.dueAt);
    const rows = await enrolmentsOf(t, course.id);
    expect(rows.map((row) => [row.due_at?.toISOString(), row.remind_supervisor])).toEqual([
      [`${day}T23:59:59.999Z`, false],
      [relative.json.dueAt, true],
    ]);
    const participation = await t.request('GET', `/api/participations/${rows[1].id}`, { as: 'admin' });
    expect(participation.json.remindSupervisor).toBe(true);
    expect(new Date(participation.json.dueAt).toISOString()).toBe(relative.json.dueAt);

    const without = await preview({ course: course.id, audience: { users: [first.id] } });
    expect(without.json.dueAt).toBeNull();
    for (const [due, path] of [
      [{ at: '2020-01-01' }, 'due.at:range'],
      [{ at: '2026-02-30' }, 'due.at:format'],
      [{ at: '31/12/2030' }, 'due.at:format'],
      [{ at: day, days: 3 }, 'due:choice'],
      [{ days: 0 }, 'due.days:range'],
    ] as const) {
      const refused = await preview({ course: course.id, audience: { users: [first.id] }, due });
      expect(refused.status, JSON.stringify(due)).toBe(422);
      expect(paths(refused)).toEqual([path]);
    }
  });
});

describe('unenrolling and enrolling again', () => {
  it('keeps the learner’s validations and progress, and the enrolment readable', async () => {
    const course = await courseWithChapters(t, A, 2);
    const [learner] = await members(t, A, 1);
    await enrol({ course: course.id, audience: { users: [learner.id] } });
    const [row] = await enrolmentsOf(t, course.id);
    const validated = await post('/api/chapter-validations', {
      chapter: iriOf('chapters', course.chapters[0]),
      user: iriOf('users', learner.id),
    });
    expect(validated.status, validated.body).toBe(201);

    const unenrolled = await post(`/api/participations/${row.id}/unenrol`, undefined);
    expect(unenrolled.status, unenrolled.body).toBe(200);
    expect(unenrolled.json).toMatchObject({ id: row.id, progress: 50, status: 'in_progress' });
    expect(unenrolled.json.unenrolledAt).toEqual(expect.any(String));
    const [{ count }] = await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM chapter_validations WHERE user_id = $1',
      [learner.id],
    );
    expect(count).toBe(1);
    const read = await t.request('GET', `/api/participations/${row.id}`, { as: 'admin' });
    expect(read.json.unenrolledAt).toBe(unenrolled.json.unenrolledAt);
    // Asking again changes nothing.
    const twice = await post(`/api/participations/${row.id}/unenrol`, {});
    expect(twice.json.unenrolledAt).toBe(unenrolled.json.unenrolledAt);

    const back = await post(`/api/participations/${row.id}/reenrol`, undefined);
    expect(back.status, back.body).toBe(200);
    expect(back.json).toMatchObject({ unenrolledAt: null, progress: 50, status: 'in_progress' });

    // An enrolment naming them again after an unenrolment makes it again, with its own due date.
    await post(`/api/participations/${row.id}/unenrol`, undefined);
    const { preview: seen } = await previewThenEnrol({
      course: course.id,
      audience: { users: [learner.id] },
      due: { days: 5 },
    });
    expect(seen).toMatchObject({ toEnrol: 0, reenrolled: 1, alreadyEnrolled: 0 });
    expect(seen.sample.map((person: { id: number }) => person.id)).toEqual([learner.id]);
    const [again] = await enrolmentsOf(t, course.id);
    expect(again).toMatchObject({ id: row.id, unenrolled_at: null });
    expect(again.due_at?.toISOString()).toBe(seen.dueAt);
  });

  it('is refused to contributors, and another structure’s enrolment is not found', async () => {
    const course = await courseWithChapters(t, B);
    const [theirs] = await members(t, B, 1);
    const [row] = await t.db.query<{ id: number }>(
      'INSERT INTO participations (user_id, course_id) VALUES ($1, $2) RETURNING id',
      [theirs.id, course.id],
    );
    for (const verb of ['unenrol', 'reenrol']) {
      expect((await post(`/api/participations/${row.id}/${verb}`, undefined)).status).toBe(404);
      expect((await post(`/api/participations/${row.id}/${verb}`, undefined, 'contributor')).status).toBe(403);
    }
    const [stored] = await enrolmentsOf(t, course.id);
    expect(stored.unenrolled_at).toBeNull();
  });
});

describe('the journal and the bounds', () => {
  it('logs one entry `enrol` of the course, in the structure', async () => {
    const course = await courseWithChapters(t, null);
    const people = await members(t, A, 3);
    await enrol({ course: course.id, audience: { users: people.map((person) => person.id) } });
    const entries = await t.db.query<{ id: number; company_id: number; user_id: number; changes: number }>(
      `SELECT l.id, l.company_id, l.user_id, (SELECT count(*)::int FROM audit_changes c WHERE c.entry_id = l.id) AS changes
         FROM audit_log l WHERE l.action = 'enrol' AND l.resource = 'courses' AND l.record_id = $1`,
      [course.id],
    );
    expect(entries).toEqual([{ id: expect.any(Number), company_id: A, user_id: t.users.admin.id, changes: 3 }]);
    const journal = await t.request('GET', `/api/audit-log?action=enrol`, { as: 'admin', accept: 'application/json' });
    expect(journal.status, journal.body).toBe(200);
    expect(journal.json.map((entry: { id: number }) => entry.id)).toContain(entries[0].id);
  });

  it('refuse what they cannot read, before and after the audience', async () => {
    const course = await courseWithChapters(t, A);
    const too = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    const cases: [unknown, string[]][] = [
      [{ course: course.id, audience: {} }, ['audience:blank']],
      [{ course: course.id }, ['audience:blank']],
      [{ audience: { structure: true } }, ['course:reference']],
      [{ course: course.id, audience: { users: too(ENROLMENT_MAX_LEARNERS + 1) } }, ['audience.users:count']],
      [
        { course: course.id, audience: { emails: too(ENROLMENT_MAX_LEARNERS + 1).map((n) => `${n}@x.fr`) } },
        ['audience.emails:count'],
      ],
      [{ course: course.id, audience: { tags: too(ENROLMENT_MAX_GROUPS + 1) } }, ['audience.tags:count']],
      [{ course: course.id, audience: { users: ['/api/tags/1'] } }, ['audience.users:reference']],
      [{ course: course.id, audience: { emails: ['x'.repeat(200)] } }, ['audience.emails:length']],
      [{ course: 'cours', audience: { structure: 'oui' } }, ['course:reference', 'audience.structure:type']],
    ];
    for (const [body, expected] of cases) {
      const refused = await enrol(body);
      expect(refused.status, JSON.stringify(body).slice(0, 200)).toBe(422);
      expect(paths(refused)).toEqual(expected);
    }
    expect((await enrol({ course: course.id, audience: { structure: true } }, 'contributor')).status).toBe(403);
    // Platform staff enrol a structure's members once they chose it.
    const everywhere = await enrol({ course: course.id, audience: { structure: true } }, 'superadmin');
    expect(paths(everywhere)).toEqual([`audience:${NO_STRUCTURE}`]);
    const [person] = await members(t, A, 1);
    const chosen = await post(
      '/api/enrolments',
      { course: course.id, audience: { users: [person.id] } },
      'superadmin',
      { 'x-structure': String(A) },
    );
    expect(chosen.status, chosen.body).toBe(200);
    expect(chosen.json.enrolled).toBe(1);
    expect(await enrolmentsOf(t, course.id)).toHaveLength(1);
  });

  it(
    `refuse an audience of more than ${ENROLMENT_MAX_LEARNERS} people, and write nothing`,
    { timeout: 240_000 },
    async () => {
      const [{ id: structure }] = await t.db.query<{ id: number }>(
        `INSERT INTO companies (name, status) VALUES ('Grande structure', 'active') RETURNING id`,
      );
      const crowd = await members(t, structure, ENROLMENT_MAX_LEARNERS + 1);
      const tag = await group(t, 'tags', structure);
      await give(t, 'user_tags', crowd, tag);
      const course = await courseWithChapters(t, structure);
      const body = { course: course.id, audience: { tags: [tag] } };
      const headers = { 'x-structure': String(structure) };
      for (const url of ['/api/enrolments/preview', '/api/enrolments']) {
        const refused = await post(url, body, 'superadmin', headers);
        expect(refused.status, refused.body).toBe(422);
        expect(paths(refused)).toEqual([`audience:${ENROLMENT_TOO_LARGE}`]);
      }
      expect(await enrolmentsOf(t, course.id)).toEqual([]);
      // One fewer is within the bound.
      await t.db.query('UPDATE users SET enabled = false WHERE id = $1', [crowd[0].id]);
      const within = await post('/api/enrolments/preview', body, 'superadmin', headers);
      expect(within.status, within.body).toBe(200);
      expect(within.json.toEnrol).toBe(ENROLMENT_MAX_LEARNERS);
    },
  );
});
