import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dueDateOf } from '../../src/domain/learning.ts';
import type { Database, Queryable } from '../db/database.ts';
import { runAsAction } from '../db/scope.ts';
import { closedObject } from '../http/answers.ts';
import { authorize } from '../resources/authorize.ts';
import { notFound } from '../shared/errors.ts';
import { idParams, noBody, pathId, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { enrolmentCounts, type Enrolment } from '../learning/enrolments.ts';
import { declarationsByName } from '../resources/definitions/index.ts';
import { applyInTransaction, mayEnrol, refuseTooLarge, sampleAnswer } from './enrolments.ts';

const rules = declarationsByName.get('enrolment-rules')!;

/** Who applies a rule: one who reads it and enrols people. */
const mayApply = (request: FastifyRequest) => {
  mayEnrol(request);
  return authorize(request, rules, 'get');
};

const figures = {
  alreadyEnrolled: { type: 'integer', description: 'Enrolled already: left as they are.' },
  unenrolled: { type: 'integer', description: 'Unenrolled by a manager: a rule does not enrol them again.' },
  dueAt: { type: ['string', 'null'], description: 'The due date the enrolments get.' },
};
const previewAnswer = closedObject(
  'What applying the rule would do, in the database as it is.',
  { toEnrol: { type: 'integer' }, ...figures, sample: sampleAnswer },
  ['toEnrol', 'alreadyEnrolled', 'unenrolled', 'sample', 'dueAt'],
);
const appliedAnswer = closedObject('What applying the rule did.', { enrolled: { type: 'integer' }, ...figures }, [
  'enrolled',
  'alreadyEnrolled',
  'unenrolled',
  'dueAt',
]);

interface RuleRow {
  id: number;
  company_id: number;
  course_id: number;
  tag_id: number | null;
  skill_id: number | null;
  due_days: number | null;
  remind_supervisor: boolean;
}

/** The rule as an enrolment of its structure's members holding its tag or its skill, now; 404 when out of reach. */
async function ruleEnrolment(db: Queryable, request: FastifyRequest, now: Date): Promise<Enrolment> {
  const { session, scope } = mayApply(request);
  const id = pathId(request);
  const [rule] = await db.query<RuleRow>(
    `SELECT t.id, t.company_id, t.course_id, t.tag_id, t.skill_id, t.due_days, t.remind_supervisor
       FROM enrolment_rules t WHERE t.id = $1${scope.map((condition) => ` AND ${condition}`).join('')}`,
    [id],
  );
  if (!rule) throw notFound(`EnrolmentRule ${id} not found.`);
  return {
    structure: Number(rule.company_id),
    course: Number(rule.course_id),
    audience: {
      users: [],
      emails: [],
      structure: false,
      tags: rule.tag_id === null ? [] : [Number(rule.tag_id)],
      skills: rule.skill_id === null ? [] : [Number(rule.skill_id)],
      supervisor: null,
    },
    dueAt: dueDateOf({ days: rule.due_days }, now),
    remindSupervisor: rule.remind_supervisor,
    enrolledBy: session.userId,
    rule: id,
    reenrol: false,
  };
}

/**
 * An enrolment rule applied to the members already there (`/apply`), after its preview (`/preview`): the
 * same audience as an enrolment naming its tag or skill, among its structure's members. Whether the rule is
 * active says only whether it enrols those who arrive (the database does: resources/enrolmentRulesSql.ts).
 */
export async function enrolmentRuleRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = typedRoutes(fastify);

  app.post(
    '/api/enrolment-rules/:id/preview',
    { schema: { params: idParams, body: noBody, response: { 200: previewAnswer } }, ...rightsFirst(mayApply) },
    async (request) => {
      const enrolment = await ruleEnrolment(db, request, new Date());
      const counts = await enrolmentCounts(db, enrolment, false);
      refuseTooLarge(counts);
      return {
        toEnrol: counts.enrolled,
        alreadyEnrolled: counts.alreadyEnrolled,
        unenrolled: counts.unenrolled,
        sample: counts.sample,
        dueAt: enrolment.dueAt?.toISOString() ?? null,
      };
    },
  );

  app.post(
    '/api/enrolment-rules/:id/apply',
    { schema: { params: idParams, body: noBody, response: { 200: appliedAnswer } }, ...rightsFirst(mayApply) },
    async (request) => {
      const id = pathId(request);
      const { counts, enrolment } = await runAsAction('apply-rule', { resource: rules.name, id }, () =>
        db.transaction(async (tx) => {
          const planned = await ruleEnrolment(tx, request, new Date());
          return { enrolment: planned, counts: await applyInTransaction(request, tx, planned) };
        }),
      );
      return {
        enrolled: counts.enrolled,
        alreadyEnrolled: counts.alreadyEnrolled,
        unenrolled: counts.unenrolled,
        dueAt: enrolment.dueAt?.toISOString() ?? null,
      };
    },
  );
}
