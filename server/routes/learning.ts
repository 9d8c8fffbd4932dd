import type { FastifyInstance } from 'fastify';
import { CSV_MEDIA_TYPE } from '../../src/domain/csvExport.ts';
import { LEARNER_STATES, REPORT_DEFAULT_WEEKS, REPORT_MAX_WEEKS } from '../../src/domain/learning.ts';
import { DEFAULT_TIME_ZONE } from '../../src/domain/releases.ts';
import type { Database } from '../db/database.ts';
import { closedObject, listOf, orNull } from '../http/answers.ts';
import { PARTICIPATION_STATUSES } from '../../src/domain/contracts/participations.ts';
import { badRequest, notFound } from '../shared/errors.ts';
import { idParams, pathId, queryOf, referencePattern, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { spendMoreWrites } from '../http/writeBudget.ts';
import { idFromReference } from '../resources/iri.ts';
import { readFunnel } from '../learning/funnel.ts';
import { readLearnerCourses, readOverview } from '../learning/learner.ts';
import { learningReader, readableCourse, readableLearner } from '../learning/readers.ts';
import { readReport } from '../learning/report.ts';
import { reportCsv } from '../learning/weeklyReport.ts';

/**
 * Following learning, read side (API.md, "Following learning (read)"): one learner's courses, a course's
 * funnel, the figures of the reports and of the home page. Every route reads what the session's list of
 * participations reaches (learning/readers.ts): its structure's, the chosen one's or every structure's for
 * platform staff, a supervisor's learners only; another structure's course or learner is a 404. The funnel
 * and the report read the aggregates a periodic job refreshes (learning/aggregates.ts), and say when.
 */

const summary = (description: string, extra: Record<string, object> = {}) =>
  closedObject(description, { id: { type: 'integer' }, ...extra }, ['id']);
const named = (description: string) => summary(description, { title: orNull('string') });
const moment = (description?: string) =>
  orNull('string', { format: 'date-time', ...(description ? { description } : {}) });
const figures = {
  enrolled: { type: 'integer' },
  started: { type: 'integer' },
  completed: { type: 'integer' },
  late: { type: 'integer' },
  atRisk: { type: 'integer' },
  completionRate: { type: 'integer' },
};
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

const learnerAnswer = closedObject(
  "One learner's courses as the session follows them, and their answers waiting for a review.",
  {
    learner: summary('The learner.', { name: { type: 'string' }, email: { type: 'string' } }),
    courses: listOf(
      'Their enrolments still standing, by due date.',
      closedObject('One course of the learner.', {
        participation: { type: 'string' },
        course: named('The course.'),
        status: { type: 'string', enum: [...PARTICIPATION_STATUSES] },
        progress: { type: 'integer' },
        state: { type: 'string', enum: LEARNER_STATES },
        dueAt: moment(),
        lastActivityAt: moment(),
        completedAt: moment(),
        validatedChapters: { type: 'integer' },
        chapterTotal: { type: 'integer' },
        answersWaiting: { type: 'integer' },
      }),
    ),
    answersWaiting: listOf(
      'Their answers submitted and not reviewed yet, the oldest first.',
      closedObject('An answer waiting.', {
        id: { type: 'integer' },
        part: named('The part answered.'),
        course: named('Its course.'),
        submittedAt: moment(),
      }),
    ),
  },
  ['learner', 'courses', 'answersWaiting'],
);

const funnelAnswer = closedObject(
  "A course's funnel: of its learners, how many reached, then validated, each chapter in the learners' order.",
  {
    course: named('The course.'),
    refreshedAt: moment('When the aggregates were last refreshed (null: never yet).'),
    enrolled: { type: 'integer' },
    steps: listOf(
      'Every chapter of the course.',
      closedObject('A chapter.', {
        chapter: named('The chapter.'),
        module: named('Its module.'),
        place: { type: 'integer' },
        reached: { type: 'integer' },
        validated: { type: 'integer' },
      }),
    ),
  },
  ['course', 'refreshedAt', 'enrolled', 'steps'],
);

const reportAnswer = closedObject(
  'The figures of following learning: by course, over the weeks, and by structure for platform staff over all.',
  {
    refreshedAt: moment('When the aggregates were last refreshed (null: never yet).'),
    totals: closedObject('Every course together.', figures),
    courses: listOf(
      'Each course with enrolled learners.',
      closedObject('A course.', { course: named('The course.'), ...figures }),
    ),
    timeline: listOf(
      'Each week of the period, from its Monday.',
      closedObject('A week.', {
        week: { type: 'string' },
        enrolled: { type: 'integer' },
        completed: { type: 'integer' },
      }),
    ),
    structures: listOf(
      'Each structure (platform staff over every structure only).',
      closedObject('A structure.', { structure: summary('The structure.', { name: { type: 'string' } }), ...figures }),
    ),
  },
  ['refreshedAt', 'totals', 'courses', 'timeline', 'structures'],
);

const dueList = closedObject('Learners of a due date.', {
  count: { type: 'integer' },
  items: listOf(
    'The first by due date.',
    closedObject('One enrolment.', {
      participation: { type: 'string' },
      learner: summary('The learner.', { name: { type: 'string' } }),
      course: named('The course.'),
      dueAt: moment(),
    }),
  ),
});

const overviewAnswer = closedObject(
  "The home page's learners: late, due within the week, and how many are at risk.",
  { late: dueList, dueThisWeek: dueList, atRisk: closedObject('At risk.', { count: { type: 'integer' } }) },
  ['late', 'dueThisWeek', 'atRisk'],
);

/** A day of the platform's calendar, `YYYY-MM-DD`. */
const dayOf = (instant: Date) => instant.toLocaleDateString('en-CA', { timeZone: DEFAULT_TIME_ZONE });

/** The period a report covers: as asked, or the last REPORT_DEFAULT_WEEKS weeks up to today. */
function periodOf(from: string | undefined, to: string | undefined): { from: string; to: string } {
  const valid = (day: string | undefined, name: string) => {
    if (day !== undefined && Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
      throw badRequest(`"${name}" must be a day, YYYY-MM-DD.`);
    return day;
  };
  const last = valid(to, 'to') ?? dayOf(new Date());
  // By default, from the Monday REPORT_DEFAULT_WEEKS - 1 weeks before the last day's week.
  const lastDay = new Date(`${last}T00:00:00Z`);
  const monday = lastDay.getTime() - ((lastDay.getUTCDay() + 6) % 7) * 86_400_000;
  const first =
    valid(from, 'from') ?? new Date(monday - (REPORT_DEFAULT_WEEKS - 1) * 7 * 86_400_000).toISOString().slice(0, 10);
  const weeks = (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / (7 * 86_400_000);
  if (weeks < 0) throw badRequest('"from" must not come after "to".');
  if (weeks > REPORT_MAX_WEEKS) throw badRequest(`A report covers at most ${REPORT_MAX_WEEKS} weeks.`);
  return { from: first, to: last };
}

export async function learningRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = typedRoutes(fastify);
  const guard = rightsFirst(learningReader);

  app.get(
    '/api/learning/learners/:id',
    { schema: { params: idParams, response: { 200: learnerAnswer } }, ...guard },
    async (request) => {
      const reader = learningReader(request);
      return reader.run(async () => {
        const learner = await readableLearner(db, reader, pathId(request));
        return { learner, ...(await readLearnerCourses(db, reader, learner.id)) };
      });
    },
  );

  app.get(
    '/api/learning/courses/:id/funnel',
    { schema: { params: idParams, response: { 200: funnelAnswer } }, ...guard },
    async (request) => {
      const reader = learningReader(request);
      return reader.run(async () => {
        const course = await readableCourse(db, reader, pathId(request));
        return { course, ...(await readFunnel(db, reader, course.id)) };
      });
    },
  );

  app.get(
    '/api/learning/report',
    {
      schema: {
        querystring: queryOf({
          course: { type: 'string', pattern: referencePattern('courses') },
          from: { type: 'string', pattern: DATE_PATTERN },
          to: { type: 'string', pattern: DATE_PATTERN },
          format: { type: 'string', enum: ['json', 'csv'] },
        }),
        response: {
          200: {
            ...reportAnswer,
            description: `${String(reportAnswer.description)} With format=csv, the courses' figures and their total as CSV (French headers), the file the weekly report mail attaches.`,
          },
        },
      },
      ...guard,
    },
    async (request, reply) => {
      const reader = learningReader(request);
      const { course, format } = request.query;
      const period = periodOf(request.query.from, request.query.to);
      if (format === 'csv') await spendMoreWrites(request, 1);
      const report = await reader.run(async () => {
        const id = course === undefined ? undefined : idFromReference(course, 'courses');
        if (course !== undefined && id === undefined) throw notFound(`Course ${course} not found.`);
        const only = id === undefined ? undefined : (await readableCourse(db, reader, id)).id;
        return readReport(db, reader, { course: only, ...period });
      });
      if (format !== 'csv') return report;
      return reply
        .type(CSV_MEDIA_TYPE)
        .header('Content-Disposition', `attachment; filename="suivi-${dayOf(new Date())}.csv"`)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(reportCsv(report.courses, report.totals));
    },
  );

  app.get('/api/learning/overview', { schema: { response: { 200: overviewAnswer } }, ...guard }, async (request) => {
    const reader = learningReader(request);
    return reader.run(() => readOverview(db, reader));
  });
}
