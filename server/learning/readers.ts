import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { asSupervisor } from '../db/scope.ts';
import { authorize } from '../resources/authorize.ts';
import { notFound } from '../shared/errors.ts';
import type { Session } from '../http/session.ts';
import { coursesDeclaration } from '../resources/definitions/courses.ts';
import { participationsDeclaration } from '../resources/definitions/participations.ts';
import { usersDeclaration } from '../resources/definitions/users.ts';
import { reachOf } from '../resources/reach.ts';
import { supervisesSql } from '../resources/supervision.ts';

/**
 * Who reads the learning views, and what they reach: the one reading of it for every route of following
 * learning. The participations a reader reaches are those its list of participations reaches (the rights
 * table: a structure's administrators their structure's, platform staff the chosen structure's or all, a
 * supervisor their supervised learners'), so that a figure is never one the list would not show.
 */
export interface LearningReader {
  session: Session;
  /** SQL conditions on the participations `t` the reader reaches (its structure, a supervisor's learners). */
  participations: string[];
  /** The reader follows the learners it supervises: its figures are counted at the request, for them only. */
  supervisor: boolean;
  /** SQL conditions on an aggregate's rows `a` (by structure): the session's structure, or none for all. */
  aggregates: string[];
  /** Platform staff over every structure. */
  allStructures: boolean;
  /** Runs the reader's statements: a supervisor's in a scope that reads as one (row-level security holds it). */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** The reader of a request, or the refusal of the rights table (403) when it reaches no participation. */
export function learningReader(request: FastifyRequest): LearningReader {
  const { session, scope, supervised } = authorize(request, participationsDeclaration, 'list');
  const structure = session.structure;
  const aggregates = structure.allStructures
    ? []
    : [structure.structure === null ? 'false' : `a.company_id = ${Number(structure.structure)}`];
  return {
    session,
    participations: scope,
    supervisor: supervised,
    aggregates,
    allStructures: structure.allStructures,
    run: (work) => (supervised ? asSupervisor(work) : work()),
  };
}

const and = (conditions: readonly string[]) => (conditions.length > 0 ? conditions.join(' AND ') : 'true');

/** The course `id` as the reader may read it (its title), or a 404: another structure's course is not there. */
export async function readableCourse(
  db: Queryable,
  reader: LearningReader,
  id: number,
): Promise<{ id: number; title: string }> {
  const reached = reachOf(coursesDeclaration, 'get', reader.session);
  const [course] = reached
    ? await db.query<{ id: number; title: string }>(
        `SELECT t.id, t.title FROM courses t WHERE t.id = $1 AND ${and(reached.scope)}`,
        [id],
      )
    : [];
  if (!course) throw notFound(`Course ${id} not found.`);
  return { id: Number(course.id), title: course.title };
}

/**
 * The learner `id` as the reader may follow them (`{id, name, email}`), or a 404: one of the reader's structure
 * (any structure for platform staff over all), or, for a supervisor, one they supervise now.
 */
export async function readableLearner(
  db: Queryable,
  reader: LearningReader,
  id: number,
): Promise<{ id: number; name: string; email: string }> {
  const conditions = reader.supervisor
    ? [supervisesSql(String(Number(reader.session.userId)), 't.id')]
    : reachOf(usersDeclaration, 'get', reader.session)?.scope;
  const [learner] = conditions
    ? await db.query<{ id: number; name: string; email: string }>(
        `SELECT t.id, concat_ws(' ', t.first_name, t.last_name) AS name, t.email FROM users t
          WHERE t.id = $1 AND ${and(conditions)}`,
        [id],
      )
    : [];
  if (!learner) throw notFound(`User ${id} not found.`);
  return { id: Number(learner.id), name: learner.name, email: learner.email };
}

export { and as allOf };
