import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_STATES } from '../../src/domain/learning.ts';
import { completionRateOf, REPORT_CSV_COLUMNS } from '../../src/domain/learningMail.ts';
import { refreshLearningAggregates } from '../../server/learning/aggregates.ts';
import { stateConditionSql } from '../../server/resources/rulesSql.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import {
  enrol,
  insertCourse,
  insertUser,
  learningFixture,
  tokenOf,
  validate,
  type LearningFixture,
} from './support/learning.ts';

/**
 * Following learning, read side: the participations' state, filter, learner and search; one learner's view;
 * a course's funnel and the reports from the aggregates once refreshed, equal to the rows they count; the
 * home page's lists; what a supervisor reads (the engine's condition, and row-level security alone); and
 * another structure's learners and courses, which are not there.
 */
let t: TestApp;
let A: number;
let fixture: LearningFixture;

const json = { accept: 'application/json' };
const ids = (items: { id: number }[]) => items.map((item) => item.id).sort((a, b) => a - b);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  A = Number(t.users.admin.company);
  fixture = await learningFixture(t, A);
});
afterAll(async () => {
  await t?.close();
});

describe("the participations' state", () => {
  it('reads each learner’s state and summary, and filters by one state or several', async () => {
    const { learners, course } = fixture;
    const list = await t.request('GET', `/api/participations?course=${course}&itemsPerPage=50`, {
      as: 'admin',
      ...json,
    });
    expect(list.status, list.body).toBe(200);
    const stateOf = new Map(list.json.map((item: { id: number; state: string }) => [item.id, item.state]));
    expect(
      Object.fromEntries(Object.entries(learners).map(([key, learner]) => [key, stateOf.get(learner.participation)])),
    ).toEqual({
      completed: 'completed',
      late: 'late',
      inactive: 'at_risk',
      dueSoon: 'at_risk',
      onTrack: 'on_track',
      fresh: 'not_started',
      // Left out unless asked for.
      unenrolled: undefined,
    });
    const item = list.json.find((row: { id: number }) => row.id === learners.late.participation);
    expect(item.learner).toEqual({ id: learners.late.id, name: learners.late.name, email: learners.late.email });
    const ld = await t.request('GET', `/api/participations/${learners.late.participation}`, { as: 'admin' });
    expect(ld.json.learner['@id']).toBe(`/api/users/${learners.late.id}`);

    const late = await t.request('GET', `/api/participations?course=${course}&state=late`, { as: 'admin', ...json });
    expect(late.json.map((row: { id: number }) => row.id)).toEqual([learners.late.participation]);
    const worried = await t.request(
      'GET',
      `/api/participations?course=${course}&state[]=late&state[]=at_risk&order[dueAt]=asc`,
      { as: 'admin', ...json },
    );
    expect(ids(worried.json)).toEqual(
      sorted([learners.late.participation, learners.inactive.participation, learners.dueSoon.participation]),
    );
    for (const state of LEARNER_STATES) {
      const one = await t.request('GET', `/api/participations?course=${course}&state=${state}`, {
        as: 'admin',
        ...json,
      });
      expect(
        one.json.every((row: { state: string }) => row.state === state),
        state,
      ).toBe(true);
    }
    const bad = await t.request('GET', `/api/participations?state=perdu`, { as: 'admin' });
    expect(bad.status).toBe(400);
  });

  it('searches the learner’s name and e-mail, and shows the unenrolled when asked', async () => {
    const { learners, course } = fixture;
    const byName = await t.request('GET', `/api/participations?q=${encodeURIComponent(learners.onTrack.name)}`, {
      as: 'admin',
      ...json,
    });
    expect(byName.json.map((row: { id: number }) => row.id)).toEqual([learners.onTrack.participation]);
    const byMail = await t.request('GET', `/api/participations?q=${learners.late.email.slice(0, 12)}`, {
      as: 'admin',
      ...json,
    });
    expect(byMail.json.map((row: { id: number }) => row.id)).toEqual([learners.late.participation]);
    const all = await t.request('GET', `/api/participations?course=${course}&unenrolled=true`, {
      as: 'admin',
      ...json,
    });
    expect(all.json.map((row: { id: number }) => row.id)).toContain(learners.unenrolled.participation);
    expect(all.json).toHaveLength(7);
  });

  it('exports the state and the learner under French headers', async () => {
    const response = await t.request('GET', `/api/participations/export.csv?course=${fixture.course}&state=late`, {
      as: 'admin',
    });
    expect(response.status, response.body).toBe(200);
    const [header, row] = response.body.replace('\uFEFF', '').split('\r\n');
    const headers = header.split(';');
    expect(headers).toEqual(expect.arrayContaining(['Situation', 'Apprenant']));
    const cells = row.split(';');
    expect(cells[headers.indexOf('Situation')]).toBe('En retard');
    expect(cells[headers.indexOf('Apprenant')]).toBe(fixture.learners.late.name);
  });
});

describe('one learner', () => {
  it('lists their courses with their figures, and their answers waiting for a review', async () => {
    const { learners, course, chapters, parts } = fixture;
    const late = await t.request('GET', `/api/learning/learners/${learners.late.id}`, { as: 'admin' });
    expect(late.status, late.body).toBe(200);
    expect(late.json.learner).toEqual({ id: learners.late.id, name: learners.late.name, email: learners.late.email });
    expect(late.json.courses).toEqual([
      expect.objectContaining({
        participation: `/api/participations/${learners.late.participation}`,
        course: expect.objectContaining({ id: course }),
        state: 'late',
        status: 'in_progress',
        progress: 25,
        validatedChapters: 1,
        chapterTotal: chapters.length,
        answersWaiting: 0,
      }),
    ]);
    const waiting = await t.request('GET', `/api/learning/learners/${learners.dueSoon.id}`, { as: 'admin' });
    expect(waiting.json.courses[0]).toMatchObject({ state: 'at_risk', answersWaiting: 1 });
    expect(waiting.json.answersWaiting).toEqual([
      expect.objectContaining({
        part: { id: parts[0], title: 'Question' },
        course: expect.objectContaining({ id: course }),
      }),
    ]);
    expect((await t.request('GET', '/api/learning/learners/999999999', { as: 'admin' })).status).toBe(404);
  });
});

/** The participations of structure A, counted by SQL on the platform's scope: what a report must say. */
async function countedRows(course?: number) {
  const state = (name: 'late' | 'at_risk') => `count(*) FILTER (WHERE ${stateConditionSql(name, 'p')})::int`;
  const [row] = await t.db.query(
    `SELECT count(*)::int AS enrolled, count(*) FILTER (WHERE p.status <> 'invited')::int AS started,
            count(*) FILTER (WHERE p.status = 'completed')::int AS completed, ${state('late')} AS late,
            ${state('at_risk')} AS "atRisk"
       FROM participations p WHERE p.company_id = $1 AND p.unenrolled_at IS NULL AND ($2::int IS NULL OR p.course_id = $2)`,
    [A, course ?? null],
  );
  return row;
}

describe('from the aggregates', () => {
  beforeAll(async () => {
    await refreshLearningAggregates(t.db);
  });

  it('are refreshed by a periodic job, first at the start', async () => {
    const [job] = await t.db.query<{ seconds: number; started: Date | null }>(
      `SELECT extract(epoch FROM every)::int AS seconds, last_started_at AS started FROM scheduled_jobs
        WHERE name = 'learning-aggregates'`,
    );
    expect(job).toEqual({ seconds: t.config.learningAggregatesSeconds, started: expect.any(Date) });
    const refreshed = await t.db.query('SELECT aggregate FROM learning_refreshes ORDER BY aggregate');
    expect(refreshed.map((row) => row.aggregate)).toEqual(['course_stats', 'daily', 'funnel']);
  });

  it("gives a course's funnel, chapter by chapter in the learners' order", async () => {
    const response = await t.request('GET', `/api/learning/courses/${fixture.course}/funnel`, { as: 'admin' });
    expect(response.status, response.body).toBe(200);
    expect(response.json.enrolled).toBe(6);
    expect(Date.parse(response.json.refreshedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(response.json.steps.map((step: { chapter: { id: number } }) => step.chapter.id)).toEqual(fixture.chapters);
    // Chapter 1: Alice, Bruno and Emma validated it, Denis answered it; chapter 2: Alice and Emma.
    expect(
      response.json.steps.map((step: { reached: number; validated: number }) => [step.reached, step.validated]),
    ).toEqual([
      [4, 3],
      [2, 2],
      [1, 1],
      [1, 1],
    ]);
    expect(response.json.steps[0]).toMatchObject({
      place: 1,
      module: { title: 'Module' },
      chapter: { title: 'Chapitre 1' },
    });
  });

  it('reports totals equal to the rows they count, by course and week, and as a French CSV', async () => {
    const report = await t.request('GET', '/api/learning/report', { as: 'admin' });
    expect(report.status, report.body).toBe(200);
    const expected = await countedRows();
    expect(report.json.totals).toMatchObject(expected);
    expect(report.json.totals.completionRate).toBe(completionRateOf(expected.completed, expected.enrolled));
    const mine = report.json.courses.find((row: { course: { id: number } }) => row.course.id === fixture.course);
    expect(mine).toMatchObject({
      enrolled: 6,
      started: 4,
      completed: 1,
      late: 1,
      atRisk: 2,
      completionRate: completionRateOf(1, 6),
    });
    expect(report.json.structures).toEqual([]);
    expect(report.json.timeline).toHaveLength(12);
    expect(
      report.json.timeline.every((week: { week: string }) => new Date(`${week.week}T12:00:00Z`).getUTCDay() === 1),
    ).toBe(true);

    const one = await t.request(
      'GET',
      `/api/learning/report?course=/api/courses/${fixture.course}&from=2020-01-01&to=2099-12-31`,
      {
        as: 'admin',
      },
    );
    expect(one.status).toBe(400);
    const period = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const course = await t.request('GET', `/api/learning/report?course=${fixture.course}&from=${period}`, {
      as: 'admin',
    });
    expect(course.json.courses).toHaveLength(1);
    expect(course.json.totals).toMatchObject(await countedRows(fixture.course));
    const enrolled = course.json.timeline.reduce((sum: number, week: { enrolled: number }) => sum + week.enrolled, 0);
    expect(enrolled).toBe(6);

    const csv = await t.request('GET', `/api/learning/report?course=${fixture.course}&format=csv`, { as: 'admin' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe(REPORT_CSV_COLUMNS.map(([, label]) => label).join(';'));
    expect(lines[0]).toMatch(/^[^;]+;Inscrits;Commencés;Terminés;En retard;À risque;/);
    expect(lines[1]).toMatch(/;6;4;1;1;2;\d+$/);
    expect(lines[2]).toBe(`Total;6;4;1;1;2;${completionRateOf(1, 6)}`);
  });

  it('gives platform staff over every structure the structures’ figures', async () => {
    const report = await t.request('GET', '/api/learning/report', { as: 'superadmin' });
    expect(report.status).toBe(200);
    const a = report.json.structures.find((row: { structure: { id: number } }) => row.structure.id === A);
    expect(a).toMatchObject(await countedRows().then(({ started: _started, ...rest }) => rest));
    const inA = await t.request('GET', '/api/learning/report', {
      as: 'superadmin',
      headers: { 'x-structure': String(A) },
    });
    expect(inA.json.totals).toMatchObject(await countedRows());
    expect(inA.json.structures).toEqual([]);
  });

  it("lists the home page's late and soon due learners", async () => {
    const overview = await t.request('GET', '/api/learning/overview', { as: 'admin' });
    expect(overview.status, overview.body).toBe(200);
    const [late] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM participations p WHERE p.company_id = $1 AND p.unenrolled_at IS NULL AND ${stateConditionSql('late', 'p')}`,
      [A],
    );
    expect(overview.json.late.count).toBe(late.n);
    expect(overview.json.late.items.length).toBe(Math.min(5, late.n));
    const [risk] = [await countedRows()];
    expect(overview.json.atRisk.count).toBe(risk.atRisk);
    expect(overview.json.dueThisWeek.items.map((item: { participation: string }) => item.participation)).toContain(
      `/api/participations/${fixture.learners.dueSoon.participation}`,
    );
  });
});

describe('a supervisor', () => {
  let token: string;
  let supervisor: { id: number };
  let expected: number[];
  let other: Awaited<ReturnType<typeof insertCourse>>;
  const as = () => ({ token, ...json });

  beforeAll(async () => {
    const { learners, course } = fixture;
    const user = await insertUser(t, A, 'Sylvie');
    supervisor = user;
    token = await tokenOf(t, user, A);
    other = await insertCourse(t, A, `Suivi, autre ${Date.now().toString(36)}`, 2);
    const lateElsewhere = await enrol(t, learners.late.id, other.id, 3, 20);
    const onTrackElsewhere = await enrol(t, learners.onTrack.id, other.id, 3, 20);
    await validate(t, learners.onTrack.id, [other.chapters[0]], 1);
    // Bruno's work in the other course is not his supervisor's to see.
    await validate(t, learners.late.id, [other.chapters[0]], 1);
    // Bruno for this course only; Emma for every course; Chloé's supervision is over, Fanny's to come.
    await t.db.query(
      `INSERT INTO user_supervisions (supervisor_id, learner_id, course_id, starts_at, ends_at) VALUES
         ($1, $2, $6, now() - interval '10 days', now() + interval '10 days'),
         ($1, $3, NULL, NULL, NULL),
         ($1, $4, $6, now() - interval '30 days', now() - interval '1 day'),
         ($1, $5, $6, now() + interval '2 days', NULL)`,
      [user.id, learners.late.id, learners.onTrack.id, learners.inactive.id, learners.fresh.id, course],
    );
    expected = sorted([learners.late.participation, learners.onTrack.participation, onTrackElsewhere]);
    expect(lateElsewhere).not.toBe(learners.late.participation);
  });

  it("reads exactly their learners' participations for the supervision's course and period, and changes none", async () => {
    const { learners, course } = fixture;
    const all = await t.request('GET', '/api/participations?itemsPerPage=100', as());
    expect(all.status, all.body).toBe(200);
    expect(ids(all.json)).toEqual(expected);
    const ofCourse = await t.request('GET', `/api/participations?course=${course}`, as());
    expect(ids(ofCourse.json)).toEqual(sorted([learners.late.participation, learners.onTrack.participation]));
    expect((await t.request('GET', `/api/participations/${learners.late.participation}`, as())).status).toBe(200);
    for (const unseen of [learners.completed, learners.inactive, learners.fresh])
      expect((await t.request('GET', `/api/participations/${unseen.participation}`, as())).status).toBe(404);
    const write = await t.request('PUT', `/api/participations/${learners.late.participation}`, {
      token,
      body: { remindSupervisor: true },
    });
    expect(write.status).toBe(403);
    const csv = await t.request('GET', '/api/participations/export.csv', { token });
    expect(csv.body.trim().split('\r\n')).toHaveLength(1 + expected.length);

    const bruno = await t.request('GET', `/api/learning/learners/${learners.late.id}`, as());
    expect(bruno.json.courses.map((row: { course: { id: number } }) => row.course.id)).toEqual([course]);
    for (const unseen of [learners.completed, learners.inactive, learners.fresh])
      expect((await t.request('GET', `/api/learning/learners/${unseen.id}`, as())).status).toBe(404);

    const funnel = await t.request('GET', `/api/learning/courses/${course}/funnel`, as());
    expect(funnel.json.enrolled).toBe(2);
    expect(
      funnel.json.steps.map((step: { reached: number; validated: number }) => [step.reached, step.validated]),
    ).toEqual([
      [2, 2],
      [1, 1],
      [0, 0],
      [0, 0],
    ]);
    const report = await t.request('GET', '/api/learning/report', as());
    expect(report.json.totals).toMatchObject({ enrolled: 3, late: 1 });
    expect(sorted(report.json.courses.map((row: { course: { id: number } }) => row.course.id))).toEqual(
      sorted([course, other.id]),
    );
    const overview = await t.request('GET', '/api/learning/overview', as());
    expect(overview.json.late.items.map((item: { learner: { id: number } }) => item.learner.id)).toEqual([
      learners.late.id,
    ]);
  });

  it('is held by row-level security alone, whatever a statement asks', async () => {
    const { learners } = fixture;
    const scope = { structure: A, platform: false, userId: supervisor.id, supervisor: true };
    const seen = await t.appDb.scoped(scope).query<{ id: number }>('SELECT id FROM participations');
    expect(ids(seen)).toEqual(expected);
    const validations = await t.appDb.scoped(scope).query<{ id: number }>('SELECT id FROM chapter_validations');
    const shown = await t.db.query<{ id: number }>(
      `SELECT id FROM chapter_validations WHERE user_id = $1 OR (user_id = $2 AND chapter_id = ANY($3::int4[]))`,
      [learners.onTrack.id, learners.late.id, fixture.chapters],
    );
    expect(ids(validations)).toEqual(ids(shown));
    const answers = await t.appDb.scoped(scope).query('SELECT id FROM chapter_part_responses');
    expect(answers).toEqual([]);
    // Without the flag, the same user's statements read the structure's rows (the engine narrows them).
    const [whole] = await t.appDb
      .scoped({ ...scope, supervisor: false })
      .query<{ n: number }>('SELECT count(*)::int AS n FROM participations');
    const [counted] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM participations WHERE company_id = $1',
      [A],
    );
    expect(whole.n).toBe(counted.n);
    // The flag is sealed: cleared by hand, the scope is no scope at all.
    const cleared = await t.appDb.scoped(scope).transaction(async (tx) => {
      await tx.query(`SELECT set_config('app.supervisor', '', true)`);
      return tx.query('SELECT id FROM participations');
    });
    expect(cleared).toEqual([]);
  });
});

describe('another structure', () => {
  it('has no learner, course nor figure in any of the new routes: 404 as a missing one', async () => {
    const [{ id: B }] = await t.db.query<{ id: number }>(
      'SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1',
      [A],
    );
    const course = await insertCourse(t, B, 'Cours de B', 2);
    const learner = await insertUser(t, B, 'Hector');
    const participation = await enrol(t, learner.id, course.id, 20, -1);
    await refreshLearningAggregates(t.db);
    const sessions = [{ as: 'admin' as const }, { as: 'superadmin' as const, headers: { 'x-structure': String(A) } }];
    for (const session of sessions) {
      for (const url of [
        `/api/learning/learners/${learner.id}`,
        `/api/learning/courses/${course.id}/funnel`,
        `/api/learning/report?course=${course.id}`,
        `/api/learning/report?course=/api/courses/${course.id}&format=csv`,
        `/api/participations/${participation}`,
      ]) {
        const answer = await t.request('GET', url, session);
        const missing = await t.request(
          'GET',
          url.replace(/\/(\d+)(\/funnel)?$|=(\/api\/courses\/)?\d+/, (all) => all.replace(/\d+/, '999999999')),
          session,
        );
        expect([url, answer.status], answer.body).toEqual([url, 404]);
        expect(missing.status).toBe(404);
      }
      const overview = await t.request('GET', '/api/learning/overview', session);
      expect(overview.body).not.toContain(`"id":${learner.id},`);
      const report = await t.request('GET', '/api/learning/report', session);
      expect(report.body).not.toContain('Cours de B');
    }
    // Platform staff over every structure follow B's learner too.
    expect((await t.request('GET', `/api/learning/learners/${learner.id}`, { as: 'superadmin' })).status).toBe(200);
  });
});
