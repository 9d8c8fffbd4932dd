import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recertifyExpired } from '../../server/learning/recertification.ts';
import { dueDateOf, progressOf } from '../../src/domain/learning.ts';
import { courseWithChapters, iriOf, members } from './support/enrolmentFixtures.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Recertification: a completion of a course with a validity expires that many months after it; the periodic
 * job then keeps the completed cycle in the participation's history and starts a new one, from nothing, with
 * a new due date; the learner's next validations complete it again.
 */
let t: TestApp;
let A: number;

beforeAll(async () => {
  t = await createTestApp();
  A = Number(t.users.admin.company);
});
afterAll(async () => {
  await t?.close();
});

interface Stored {
  id: number;
  status: string;
  progress: number;
  validated_chapters: number;
  completed_at: Date | null;
  expires_at: Date | null;
  started_at: Date | null;
  last_activity_at: Date | null;
  cycle_started_at: Date | null;
  cycle: number;
  due_at: Date | null;
  unenrolled_at: Date | null;
  created_at: Date;
}
const stored = async (id: number) => (await t.db.query<Stored>('SELECT * FROM participations WHERE id = $1', [id]))[0];

/** A learner who completed a 12-month course 13 months ago: enrolled 14 months ago, due `dueDays` after. */
async function expiredCompletion(options: { dueDays?: number; rule?: number; unenrolled?: boolean } = {}) {
  const course = await courseWithChapters(t, A, 1, 12);
  const [learner] = await members(t, A, 1);
  const [participation] = await t.db.query<{ id: number }>(
    `INSERT INTO participations (user_id, course_id, rule_id) VALUES ($1, $2, $3) RETURNING id`,
    [learner.id, course.id, options.rule ?? null],
  );
  const validated = await t.request('POST', '/api/chapter-validations', {
    as: 'admin',
    body: { chapter: iriOf('chapters', course.chapters[0]), user: iriOf('users', learner.id) },
  });
  expect(validated.status, validated.body).toBe(201);
  const completed = await stored(participation.id);
  expect(completed.status).toBe('completed');
  expect(completed.expires_at).not.toBeNull();
  // Back in time, as if a year had gone by.
  await t.db.query(`UPDATE chapter_validations SET validated_at = now() - interval '13 months' WHERE id = $1`, [
    validated.json.id,
  ]);
  await t.db.query(
    `UPDATE participations
        SET created_at = now() - interval '14 months', started_at = now() - interval '13 months',
            completed_at = now() - interval '13 months', expires_at = now() - interval '1 month',
            last_activity_at = now() - interval '13 months',
            due_at = learning_due_at($2, now() - interval '14 months'), unenrolled_at = $3
      WHERE id = $1`,
    [participation.id, options.dueDays ?? null, options.unenrolled ? new Date() : null],
  );
  return { course, learner, participation: participation.id, validation: validated.json.id as number };
}

const within = (days: number) => [
  dueDateOf({ days }, new Date(Date.now() - 60_000))!.toISOString(),
  dueDateOf({ days }, new Date(Date.now() + 60_000))!.toISOString(),
];

describe('the recertification job', () => {
  it('is one of the periodic jobs', async () => {
    const [job] = await t.db.query(`SELECT name FROM scheduled_jobs WHERE name = 'learning-recertification'`);
    expect(job).toBeDefined();
  });

  it('keeps the completed cycle, starts a new one from nothing, and the next validations complete it', async () => {
    const first = await expiredCompletion({ dueDays: 20 });
    const { participation, validation } = first;
    const before = await stored(participation);
    const others = await Promise.all([expiredCompletion({ unenrolled: true }), expiredCompletion()]);

    expect(await recertifyExpired(t.db)).toBeGreaterThanOrEqual(2);

    const cycles = await t.db.query<{
      company_id: number;
      cycle: number;
      started_at: Date;
      completed_at: Date;
      expired_at: Date;
    }>(
      'SELECT company_id, cycle, started_at, completed_at, expired_at FROM participation_cycles WHERE participation_id = $1',
      [participation],
    );
    expect(cycles).toEqual([
      {
        company_id: A,
        cycle: 1,
        started_at: before.created_at,
        completed_at: before.completed_at,
        expired_at: before.expires_at,
      },
    ]);
    const renewed = await stored(participation);
    expect(renewed).toMatchObject({
      status: 'invited',
      progress: 0,
      validated_chapters: 0,
      cycle: 2,
      completed_at: null,
      expires_at: null,
      started_at: null,
      last_activity_at: null,
      unenrolled_at: null,
    });
    expect(Date.now() - renewed.cycle_started_at!.getTime()).toBeLessThan(60_000);
    // As many days after the new start as the first cycle had.
    expect(within(20)).toContain(renewed.due_at?.toISOString());
    const read = await t.request('GET', `/api/participations/${participation}`, { as: 'admin' });
    expect(read.json).toMatchObject({ status: 'invited', progress: 0, expiresAt: null });

    // Unenrolled: left as it was. Without a due date: none in the new cycle either.
    const [unenrolled, undated] = await Promise.all(others.map((other) => stored(other.participation)));
    expect(unenrolled).toMatchObject({ status: 'completed', cycle_started_at: null });
    expect(undated).toMatchObject({ status: 'invited', due_at: null });

    // Validating again in the new cycle completes it again, for another year.
    const { course, learner } = first;
    const revalidated = await t.request('POST', '/api/chapter-validations', {
      as: 'admin',
      body: { chapter: iriOf('chapters', course.chapters[0]), user: iriOf('users', learner.id) },
    });
    expect(revalidated.status, revalidated.body).toBe(201);
    expect(revalidated.json).toMatchObject({ cycle: 2 });
    expect(revalidated.json.id).not.toBe(validation);
    const again = await stored(participation);
    expect(again).toMatchObject({ status: 'completed', progress: 100, validated_chapters: 1 });
    expect(again.expires_at!.getTime() - Date.now()).toBeGreaterThan(360 * 86_400_000);
    // Nothing more expired: a second run starts nothing.
    expect(await recertifyExpired(t.db)).toBe(0);
    const [{ count }] = await t.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM audit_log WHERE action = 'recertify' AND resource = 'participations'`,
    );
    expect(count).toBeGreaterThanOrEqual(1);
  });

  it('gives the new cycle the days of the rule that enrolled the learner', async () => {
    const course = await courseWithChapters(t, A);
    const tag = await t.db.query<{ id: number }>(
      `INSERT INTO tags (name, company_id) VALUES ('Recertification', $1) RETURNING id`,
      [A],
    );
    const [rule] = await t.db.query<{ id: number }>(
      `INSERT INTO enrolment_rules (name, course_id, tag_id, due_days, company_id) VALUES ('Règle', $1, $2, 7, $3) RETURNING id`,
      [course.id, tag[0].id, A],
    );
    const { participation } = await expiredCompletion({ dueDays: 60, rule: rule.id });
    await recertifyExpired(t.db);
    expect(within(7)).toContain((await stored(participation)).due_at?.toISOString());
  });

  it('lets the learner validate every chapter again in the new cycle, and keeps the first as history', async () => {
    const course = await courseWithChapters(t, A, 3, 12);
    const [learner] = await members(t, A, 1);
    const enrolled = await t.request('POST', '/api/participations', {
      as: 'admin',
      body: { user: iriOf('users', learner.id), course: iriOf('courses', course.id) },
    });
    expect(enrolled.status, enrolled.body).toBe(201);
    const participation = Number(enrolled.json.id);
    const validate = (chapter: number) =>
      t.request('POST', '/api/chapter-validations', {
        as: 'admin',
        body: { chapter: iriOf('chapters', chapter), user: iriOf('users', learner.id) },
      });
    for (const chapter of course.chapters) expect((await validate(chapter)).status).toBe(201);
    expect(await stored(participation)).toMatchObject({ status: 'completed', progress: 100, cycle: 1 });

    // The completion was a year and a month ago: its validity is over.
    await t.db.query(
      `UPDATE chapter_validations SET validated_at = validated_at - interval '13 months' WHERE user_id = $1`,
      [learner.id],
    );
    await t.db.query(
      `UPDATE participations
          SET created_at = now() - interval '14 months', started_at = now() - interval '13 months',
              completed_at = now() - interval '13 months', expires_at = now() - interval '1 month'
        WHERE id = $1`,
      [participation],
    );
    expect(await recertifyExpired(t.db)).toBeGreaterThanOrEqual(1);
    expect(await stored(participation)).toMatchObject({ status: 'invited', progress: 0, cycle: 2 });

    // The same chapters again, each once in this cycle.
    const [firstChapter, ...rest] = course.chapters;
    const again = await validate(firstChapter);
    expect(again.status, again.body).toBe(201);
    expect(again.json).toMatchObject({ cycle: 2 });
    expect(await stored(participation)).toMatchObject({
      status: 'in_progress',
      progress: progressOf(1, 3),
      validated_chapters: 1,
    });
    const twice = await validate(firstChapter);
    expect(twice.status).toBe(422);
    expect(JSON.stringify(twice.json)).toContain('user');
    for (const chapter of rest) expect((await validate(chapter)).status).toBe(201);
    const renewed = await stored(participation);
    expect(renewed).toMatchObject({ status: 'completed', progress: 100, validated_chapters: 3, cycle: 2 });
    expect(renewed.expires_at!.getTime() - Date.now()).toBeGreaterThan(360 * 86_400_000);
    const read = await t.request('GET', `/api/participations/${participation}`, { as: 'admin' });
    expect(read.json).toMatchObject({ status: 'completed', progress: 100, cycle: 2 });

    // The first certification's proof: its three validations, as they were made.
    const listed = async (cycle: number) => {
      const list = await t.request('GET', `/api/chapter-validations?user=${learner.id}&cycle=${cycle}`, {
        as: 'admin',
      });
      expect(list.status, list.body).toBe(200);
      return (list.json['hydra:member'] as { chapter: string; validatedAt: string; cycle: number }[]).map((row) => ({
        chapter: row.chapter,
        old: Date.now() - new Date(row.validatedAt).getTime() > 365 * 86_400_000,
        cycle: row.cycle,
      }));
    };
    const chapters = course.chapters.map((chapter) => iriOf('chapters', chapter)).sort();
    const firstCycle = await listed(1);
    expect(firstCycle.map((row) => row.chapter).sort()).toEqual(chapters);
    expect(firstCycle.every((row) => row.old && row.cycle === 1)).toBe(true);
    const secondCycle = await listed(2);
    expect(secondCycle.map((row) => row.chapter).sort()).toEqual(chapters);
    expect(secondCycle.every((row) => !row.old && row.cycle === 2)).toBe(true);
    const all = await t.request('GET', `/api/chapter-validations?user=${learner.id}`, { as: 'admin' });
    expect(all.json['hydra:totalItems']).toBe(6);
    // A cycle is a number.
    const bad = await t.request('GET', `/api/chapter-validations?cycle=premier`, { as: 'admin' });
    expect(bad.status).toBe(400);
  });
});
