import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_STATES, learnerStateOf, progressOf } from '../../src/domain/learning.ts';
import { learnerStateSql, stateConditionSql } from '../../server/resources/rulesSql.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * A participation's progress and status are the database's, from its learner's validations: whatever
 * writes a validation (the API, a seed, an import), the enrolment follows; and the standing the views
 * filter by is read the same in TypeScript and in SQL.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Course {
  id: number;
  chapters: number[];
}

/** A structure's course of three chapters, never published (its draft is what learners get). */
async function courseOfThreeChapters(): Promise<Course> {
  const company = Number(t.users.admin.company);
  const [course] = await t.db.query<{ id: number }>(
    `INSERT INTO courses (title, company_id) VALUES ('Suivi : trois chapitres', $1) RETURNING id`,
    [company],
  );
  const [module] = await t.db.query<{ id: number }>(
    `INSERT INTO modules (title, course_id, position, company_id) VALUES ('Module', $1, 0, $2) RETURNING id`,
    [course.id, company],
  );
  const chapters = await t.db.query<{ id: number }>(
    `INSERT INTO chapters (title, module_id, position, company_id)
     SELECT 'Chapitre ' || n, $1, n, $2 FROM generate_series(0, 2) n RETURNING id`,
    [module.id, company],
  );
  return { id: course.id, chapters: chapters.map((row) => row.id) };
}

const participation = async (id: number) => (await t.request('GET', `/api/participations/${id}`, { as: 'admin' })).json;

describe('progress from validations', () => {
  it('follows the validations written through the API, and refuses to be typed by hand', async () => {
    const course = await courseOfThreeChapters();
    const learner = t.users.contributor.id;
    const created = await t.request('POST', '/api/participations', {
      as: 'admin',
      body: { user: `/api/users/${learner}`, course: `/api/courses/${course.id}`, progress: 90, status: 'completed' },
    });
    expect(created.status, created.body).toBe(201);
    expect(created.json).toMatchObject({ progress: 0, status: 'invited', validatedChapters: 0 });
    const id = created.json.id as number;

    const validate = (chapter: number) =>
      t.request('POST', '/api/chapter-validations', {
        as: 'admin',
        body: { chapter: `/api/chapters/${chapter}`, user: `/api/users/${learner}` },
      });
    const first = await validate(course.chapters[0]);
    expect(first.status, first.body).toBe(201);
    expect(await participation(id)).toMatchObject({ progress: progressOf(1, 3), status: 'in_progress' });
    expect((await participation(id)).lastActivityAt).toBeTruthy();
    // The journal keeps the validation, not each figure of the enrolment it moved.
    const journal = await t.db.query<{ resource: string; operation: string }>(
      `SELECT c.resource, c.operation FROM audit_changes c
        WHERE c.entry_id = (SELECT entry_id FROM audit_changes WHERE resource = 'chapter-validations' AND record_id = $1)`,
      [first.json.id],
    );
    expect(journal).toEqual([{ resource: 'chapter-validations', operation: 'create' }]);

    await validate(course.chapters[1]);
    const last = await validate(course.chapters[2]);
    expect(await participation(id)).toMatchObject({ progress: 100, status: 'completed', validatedChapters: 3 });
    expect((await participation(id)).completedAt).toBeTruthy();

    // A validation removed undoes the completion.
    const removed = await t.request('DELETE', `/api/chapter-validations/${last.json.id}`, { as: 'superadmin' });
    expect(removed.status, removed.body).toBe(204);
    expect(await participation(id)).toMatchObject({ progress: 66, status: 'in_progress', completedAt: null });

    const typed = await t.request('PUT', `/api/participations/${id}`, { as: 'admin', body: { progress: 100 } });
    expect(typed.status, typed.body).toBe(200);
    expect(typed.json.progress).toBe(66);
  });

  it('reads a standing the same in TypeScript and in SQL, on fixed dates', async () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const day = 86_400_000;
    const at = (days: number) => new Date(now.getTime() + days * day);
    const cases = [
      { status: 'completed', progress: 100, dueAt: at(-3), lastActivityAt: at(-20), cycleStartedAt: at(-40) },
      { status: 'in_progress', progress: 80, dueAt: at(-1), lastActivityAt: at(-1), cycleStartedAt: at(-40) },
      { status: 'in_progress', progress: 20, dueAt: at(5), lastActivityAt: at(-1), cycleStartedAt: at(-40) },
      { status: 'in_progress', progress: 70, dueAt: at(5), lastActivityAt: at(-1), cycleStartedAt: at(-40) },
      { status: 'in_progress', progress: 70, dueAt: null, lastActivityAt: at(-15), cycleStartedAt: at(-40) },
      { status: 'invited', progress: 0, dueAt: at(30), lastActivityAt: null, cycleStartedAt: at(-2) },
      { status: 'invited', progress: 0, dueAt: null, lastActivityAt: null, cycleStartedAt: at(-20) },
      { status: 'in_progress', progress: 10, dueAt: at(60), lastActivityAt: at(-3), cycleStartedAt: at(-20) },
    ];
    const expected = cases.map((standing) => learnerStateOf(standing, now));
    expect(expected).toEqual([
      'completed',
      'late',
      'at_risk',
      'on_track',
      'at_risk',
      'not_started',
      'at_risk',
      'on_track',
    ]);
    const rows = await t.db.query<{ state: string; matches: string[] }>(
      `SELECT ${learnerStateSql('p', '$1::timestamptz')} AS state,
              ARRAY[${LEARNER_STATES.map((state) => `CASE WHEN ${stateConditionSql(state, 'p', '$1::timestamptz')} THEN '${state}' END`).join(', ')}] AS matches
         FROM jsonb_to_recordset($2::jsonb) AS p(status text, progress int, due_at timestamptz,
              last_activity_at timestamptz, cycle_started_at timestamptz, created_at timestamptz, n int)
        ORDER BY p.n`,
      [
        now.toISOString(),
        JSON.stringify(
          cases.map((c, n) => ({
            n,
            status: c.status,
            progress: c.progress,
            due_at: c.dueAt,
            last_activity_at: c.lastActivityAt,
            cycle_started_at: c.cycleStartedAt,
            created_at: c.cycleStartedAt,
          })),
        ),
      ],
    );
    expect(rows.map((row) => row.state)).toEqual(expected);
    // Each state's condition holds for its rows and no other's.
    expect(rows.map((row) => row.matches.filter(Boolean))).toEqual(expected.map((state) => [state]));
  });
});
