import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../src/domain/contracts/users.ts';
import {
  dueDateOf,
  DUE_DAYS_MAX,
  ENROLMENT_MAX_GROUPS,
  ENROLMENT_MAX_LEARNERS,
  ENROLMENT_TOO_LARGE,
  enrolmentCost,
} from '../../src/domain/learning.ts';
import { NO_STRUCTURE } from '../../src/domain/tenancy.ts';
import type { Database, Queryable } from '../db/database.ts';
import { runAsAction } from '../db/scope.ts';
import { listOf, closedObject } from '../http/answers.ts';
import { authorize } from '../resources/authorize.ts';
import { unprocessable, violation, type Violation } from '../shared/errors.ts';
import { objectBody, reference, referenceList, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { spendMoreWrites } from '../http/writeBudget.ts';
import type { Session } from '../http/session.ts';
import { enrolmentCounts, type Audience, type Enrolment, type EnrolmentCounts } from '../learning/enrolments.ts';
import { declarationsByName } from '../resources/definitions/index.ts';
import { idFromReference } from '../resources/iri.ts';
import { unreachable } from '../resources/references.ts';

const participations = declarationsByName.get('participations')!;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Who may enrol: those who create participations (a structure's administrators), checked before the body. */
export const mayEnrol = (request: FastifyRequest) => authorize(request, participations, 'create');

const audienceSchema = {
  type: 'object',
  description: 'Who is enrolled: the union of what it names, among the enabled members of the structure.',
  properties: {
    users: referenceList('users'),
    emails: { type: 'array', items: { type: 'string', maxLength: users.fields.email.maxLength } },
    structure: { type: 'boolean' },
    tags: referenceList('tags'),
    skills: referenceList('skills'),
    supervisor: reference('users'),
  },
} as const;

const dueSchema = {
  type: 'object',
  description: 'The due date: a fixed day (`at`, YYYY-MM-DD), or a number of days after the enrolment.',
  properties: {
    at: { type: ['string', 'null'], pattern: DAY.source },
    days: { type: ['integer', 'null'], minimum: 1, maximum: DUE_DAYS_MAX },
  },
} as const;

const enrolmentBody = objectBody(
  {
    course: reference('courses'),
    audience: audienceSchema,
    due: dueSchema,
    remindSupervisor: { type: 'boolean' },
  },
  ['course', 'audience'],
);

/** The people an answer names: the first of those enrolled, by name. */
export const sampleAnswer = listOf(
  'The first of those it enrols (at most 10), by name.',
  closedObject('A member.', { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } }),
);
const figures = {
  alreadyEnrolled: { type: 'integer', description: 'Enrolled already: left as they are.' },
  reenrolled: { type: 'integer', description: 'Unenrolled before: enrolled again, with the new due date.' },
  unknownEmails: { type: 'array', items: { type: 'string' }, description: 'Listed e-mails of no enabled member.' },
  dueAt: { type: ['string', 'null'], description: 'The due date the enrolments get.' },
};
const previewAnswer = closedObject(
  'What the enrolment would do, in the database as it is.',
  { toEnrol: { type: 'integer' }, ...figures, sample: sampleAnswer },
  ['toEnrol', 'alreadyEnrolled', 'reenrolled', 'unknownEmails', 'sample', 'dueAt'],
);
const enrolledAnswer = closedObject('What the enrolment did.', { enrolled: { type: 'integer' }, ...figures }, [
  'enrolled',
  'alreadyEnrolled',
  'reenrolled',
  'unknownEmails',
  'dueAt',
]);

interface Given {
  course: unknown;
  audience: Record<string, unknown>;
  due?: { at?: string | null; days?: number | null };
  remindSupervisor?: boolean;
}

/** The ids a list of references names, or undefined (with its violation) for one that names none. */
function idsAt(path: string, resource: string, values: unknown, max: number, violations: Violation[]): number[] {
  const list = Array.isArray(values) ? values : [];
  const ids = list.map((value) => idFromReference(value, resource));
  if (ids.some((id) => id === undefined)) {
    violations.push(violation(path, 'reference', `Expected a list of IRIs of ${resource}.`));
    return [];
  }
  if (ids.length > max) violations.push(violation(path, 'count', `At most ${max} a call.`));
  return [...new Set(ids as number[])];
}

/** A fixed due day: a real one, from today on, at most DUE_DAYS_MAX days ahead. */
function checkDueDay(at: string, now: Date, violations: Violation[]) {
  const day = new Date(`${at}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== at)
    return void violations.push(violation('due.at', 'format', 'This value is not a valid date.'));
  const today = now.toISOString().slice(0, 10);
  const last = new Date(now.getTime() + DUE_DAYS_MAX * 86_400_000).toISOString().slice(0, 10);
  if (at < today) violations.push(violation('due.at', 'range', 'A due date is today or later.'));
  else if (at > last) violations.push(violation('due.at', 'range', 'This value is out of range.'));
}

/**
 * An enrolment from the body, in the session's structure, every reference checked as a create checks them
 * (a row of another structure is as unknown as a row that does not exist), or the 422 of what is wrong.
 */
async function enrolmentOf(db: Queryable, session: Session, body: Given, now: Date): Promise<Enrolment> {
  const violations: Violation[] = [];
  const structure = session.structure.allStructures ? null : session.structure.structure;
  if (structure === null)
    throw unprocessable([
      violation('audience', NO_STRUCTURE, 'Choose the structure whose members to enrol (X-Structure).'),
    ]);
  const course = idFromReference(body.course, 'courses');
  if (course === undefined) violations.push(violation('course', 'reference', 'Expected an IRI of courses.'));
  const given = body.audience;
  const emails = Array.isArray(given.emails)
    ? [...new Set((given.emails as string[]).map((email) => email.trim()).filter((email) => email !== ''))]
    : [];
  if (emails.length > ENROLMENT_MAX_LEARNERS)
    violations.push(violation('audience.emails', 'count', `At most ${ENROLMENT_MAX_LEARNERS} a call.`));
  const supervisor = given.supervisor === undefined ? undefined : idFromReference(given.supervisor, 'users');
  if (given.supervisor !== undefined && supervisor === undefined)
    violations.push(violation('audience.supervisor', 'reference', 'Expected an IRI of users.'));
  const audience: Audience = {
    users: idsAt('audience.users', 'users', given.users, ENROLMENT_MAX_LEARNERS, violations),
    emails,
    structure: given.structure === true,
    tags: idsAt('audience.tags', 'tags', given.tags, ENROLMENT_MAX_GROUPS, violations),
    skills: idsAt('audience.skills', 'skills', given.skills, ENROLMENT_MAX_GROUPS, violations),
    supervisor: supervisor ?? null,
  };
  const named =
    audience.users.length + audience.emails.length + audience.tags.length + audience.skills.length > 0 ||
    audience.structure ||
    audience.supervisor !== null;
  if (!named && violations.length === 0)
    violations.push(violation('audience', 'blank', 'Name who to enrol: people, e-mails, the structure, tags...'));
  const due = body.due ?? {};
  if (due.at && due.days) violations.push(violation('due', 'choice', 'Give a due day or a number of days, not both.'));
  else if (due.at) checkDueDay(due.at, now, violations);
  if (violations.length > 0) throw unprocessable(violations);

  // Rows named that the session does not read: as unknown as rows that do not exist.
  const references: [string, string, number[]][] = [
    ['course', 'courses', [course!]],
    ['audience.users', 'users', [...audience.users]],
    ['audience.tags', 'tags', [...audience.tags]],
    ['audience.skills', 'skills', [...audience.skills]],
    ['audience.supervisor', 'users', audience.supervisor === null ? [] : [audience.supervisor]],
  ];
  for (const [path, resource, ids] of references) {
    const [missing] = await unreachable(db, session, resource, ids);
    if (missing !== undefined)
      violations.push(violation(path, 'reference', `Item not found for "/api/${resource}/${missing}".`));
  }
  if (violations.length > 0) throw unprocessable(violations);
  return {
    structure,
    course: course!,
    audience,
    dueAt: dueDateOf(due, now),
    remindSupervisor: body.remindSupervisor === true,
    enrolledBy: session.userId,
    rule: null,
    reenrol: true,
  };
}

/** Refuses an audience past its bound: nothing was written (enrolmentCounts says so). */
export function refuseTooLarge(counts: EnrolmentCounts) {
  if (counts.reached > ENROLMENT_MAX_LEARNERS)
    throw unprocessable([
      violation(
        'audience',
        ENROLMENT_TOO_LARGE,
        `This enrolment reaches ${counts.reached} people; one enrols at most ${ENROLMENT_MAX_LEARNERS}: split it.`,
      ),
    ]);
}

/**
 * Writes an enrolment in `tx` as `action` of the audit log: one write of the session's budget per
 * ENROLMENT_ROWS_PER_WRITE learners enrolled (the request spent one), the whole refused otherwise.
 */
export async function applyInTransaction(
  request: FastifyRequest,
  tx: Queryable,
  enrolment: Enrolment,
): Promise<EnrolmentCounts> {
  const counts = await enrolmentCounts(tx, enrolment, true);
  refuseTooLarge(counts);
  await spendMoreWrites(request, enrolmentCost(counts.enrolled + counts.reenrolled) - 1, tx);
  return counts;
}

/**
 * Enrolling people in a course: `POST /api/enrolments/preview` says what `POST /api/enrolments` would do,
 * over the same statement (server/learning/enrolments.ts). Both work on the session's structure, whose
 * members alone the audience reaches.
 */
export async function enrolmentRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = typedRoutes(fastify);

  app.post(
    '/api/enrolments/preview',
    { schema: { body: enrolmentBody, response: { 200: previewAnswer } }, ...rightsFirst(mayEnrol) },
    async (request) => {
      const { session } = mayEnrol(request);
      const enrolment = await enrolmentOf(db, session, request.body, new Date());
      const counts = await enrolmentCounts(db, enrolment, false);
      refuseTooLarge(counts);
      return {
        toEnrol: counts.enrolled,
        alreadyEnrolled: counts.alreadyEnrolled,
        reenrolled: counts.reenrolled,
        unknownEmails: counts.unknownEmails,
        sample: counts.sample,
        dueAt: enrolment.dueAt?.toISOString() ?? null,
      };
    },
  );

  app.post(
    '/api/enrolments',
    { schema: { body: enrolmentBody, response: { 200: enrolledAnswer } }, ...rightsFirst(mayEnrol) },
    async (request) => {
      const { session } = mayEnrol(request);
      const enrolment = await enrolmentOf(db, session, request.body, new Date());
      const counts = await runAsAction('enrol', { resource: 'courses', id: enrolment.course }, () =>
        db.transaction((tx) => applyInTransaction(request, tx, enrolment)),
      );
      return {
        enrolled: counts.enrolled,
        alreadyEnrolled: counts.alreadyEnrolled,
        reenrolled: counts.reenrolled,
        unknownEmails: counts.unknownEmails,
        dueAt: enrolment.dueAt?.toISOString() ?? null,
      };
    },
  );
}
