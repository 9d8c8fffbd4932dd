import { runAsAction } from '../../db/scope.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { namableFromSql } from '../../resources/catalogueReferences.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { authorize } from '../../resources/authorize.ts';
import { notFound } from '../../shared/errors.ts';
import { idParams, noBody, pathId, rightsFirst, typedRoutes } from '../../http/routeSchema.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { mapPgError } from '../../resources/pgErrors.ts';
import { copyChapterContents } from './chapterContents.ts';
import { boundCopy, copyRows } from './copySize.ts';
import { withScheduledDates } from './treeDates.ts';
import { andAll, declarationOf, replyWithRecord } from './support.ts';
import { refusal, resourceItem } from '../../http/answers.ts';

const cannotCopy = refusal('The copy would break a rule of courses: its violations name the field.');

/**
 * A whole course copied in a few set-based statements: the course (a draft), its tags and skills, its
 * modules with their tags, their chapters with their parts, and the unlocks between its chapters. Each
 * level is placed 0..n-1 in its source's order, and its copies are told from their sources by (parent,
 * position). Tags and skills the session cannot read are left behind (only the platform might have put
 * another structure's on a catalogue course), and so are, in a copy into the catalogue, a structure's own tags,
 * skills and cover (the catalogue never points into a structure; a part naming a structure's document refuses
 * the copy, server/resources/catalogueReferences.ts). `title`: the copy's, when not its source's. Answers the
 * copy's id.
 */
/** The copy's structure: the session's (the course's column default), none for the catalogue. */
const COPY_HOME = '(SELECT app_structure())';

export async function copyCourse(tx: Queryable, sourceId: number, title?: string): Promise<number> {
  const [course] = await tx.query<{ id: number }>(
    `INSERT INTO courses (title, description, language_id, status, is_template, cover_id${withScheduledDates('courses')})
     SELECT coalesce($2, title), description, language_id, 'draft', false,
            (SELECT d.id FROM documents d WHERE d.id = s.cover_id AND ${namableFromSql('documents', 'd', COPY_HOME)})${withScheduledDates('courses')}
       FROM courses s WHERE id = $1
     RETURNING id`,
    [sourceId, title ?? null],
  );
  // Deleted since it was found (nothing holds it: see the route).
  if (!course) throw notFound(`Course ${sourceId} not found.`);
  const copyId = course.id;
  await tx.query(
    `INSERT INTO course_tags (course_id, tag_id) SELECT $2, j.tag_id FROM course_tags j JOIN tags g ON g.id = j.tag_id
      WHERE j.course_id = $1 AND ${namableFromSql('tags', 'g', COPY_HOME)}`,
    [sourceId, copyId],
  );
  await tx.query(
    `INSERT INTO course_skills (course_id, skill_id) SELECT $2, j.skill_id FROM course_skills j JOIN skills s ON s.id = j.skill_id
      WHERE j.course_id = $1 AND ${namableFromSql('skills', 's', COPY_HOME)}`,
    [sourceId, copyId],
  );
  const modules = await tx.query<{ source: number; copy: number }>(
    `WITH source AS (
       SELECT m.*, row_number() OVER (ORDER BY m.position, m.id) - 1 AS place FROM modules m WHERE m.course_id = $1),
     inserted AS (
       INSERT INTO modules (title, description, course_id, position, is_template${withScheduledDates('modules')})
       SELECT title, description, $2, place, false${withScheduledDates('modules')} FROM source
       RETURNING id, position)
     SELECT source.id AS source, inserted.id AS copy FROM inserted JOIN source ON source.place = inserted.position`,
    [sourceId, copyId],
  );
  const moduleSources = modules.map((row) => row.source);
  const moduleCopies = modules.map((row) => row.copy);
  await tx.query(
    `INSERT INTO module_tags (module_id, tag_id)
     SELECT m.copy, j.tag_id FROM module_tags j JOIN tags g ON g.id = j.tag_id
       JOIN unnest($1::int4[], $2::int4[]) AS m(source, copy) ON m.source = j.module_id
      WHERE ${namableFromSql('tags', 'g', COPY_HOME)}`,
    [moduleSources, moduleCopies],
  );
  const chapters = await tx.query<{ source: number; copy: number }>(
    `WITH source AS (
       SELECT c.*, m.copy AS target, row_number() OVER (PARTITION BY c.module_id ORDER BY c.position, c.id) - 1 AS place
         FROM chapters c JOIN unnest($1::int4[], $2::int4[]) AS m(source, copy) ON m.source = c.module_id),
     inserted AS (
       INSERT INTO chapters (title, description, module_id, position, is_template, estimated_minutes${withScheduledDates('chapters')})
       SELECT title, description, target, place, false, estimated_minutes${withScheduledDates('chapters')} FROM source
       RETURNING id, module_id, position)
     SELECT source.id AS source, inserted.id AS copy
       FROM inserted JOIN source ON source.target = inserted.module_id AND source.place = inserted.position`,
    [moduleSources, moduleCopies],
  );
  await copyChapterContents(
    tx,
    chapters.map((row) => row.source),
    chapters.map((row) => row.copy),
  );
  return copyId;
}

/**
 * A course the session reads (`scope`: the catalogue's too) copied whole in one transaction, bounded as every
 * copy and logged under `action`, its main record the copy; `finish` completes the copy in the same
 * transaction (a re-run's dates). Answers the copy's id.
 */
export function copyReadableCourse(
  request: FastifyRequest,
  db: Database,
  id: number,
  scope: readonly string[],
  action: 'copy' | 'rerun',
  { title, finish }: { title?: string; finish?: (tx: Queryable, copyId: number) => Promise<void> } = {},
): Promise<number> {
  // The entry's record is the copy: the first course the transaction creates.
  return runAsAction(action, { resource: 'courses' }, () =>
    db.transaction(async (tx) => {
      // A plain read, not FOR SHARE: under row-level security a locking read also needs the row to pass
      // the UPDATE policy, which a structure copying the catalogue's course does not (it would be a 404).
      const [source] = await tx.query(`SELECT 1 FROM courses t WHERE t.id = $1${andAll(scope)}`, [id]);
      if (!source) throw notFound(`Course ${id} not found.`);
      await boundCopy(request, tx, copyRows.courses('$1::int'), [id]);
      const copy = await copyCourse(tx, id, title);
      await finish?.(tx, copy);
      // Nothing held the source while it was copied, statement by statement: deleted meanwhile, the copy
      // could be partial, and goes back with the rest.
      const [still] = await tx.query('SELECT 1 FROM courses WHERE id = $1', [id]);
      if (!still) throw notFound(`Course ${id} not found.`);
      return copy;
    }),
  );
}

/**
 * `POST /api/courses/{id}/copy`: a course the session reads, copied whole into the session's structure (for
 * platform staff on "all structures", into the catalogue). It is how a structure takes a catalogue course
 * to make it its own, and how an author starts a new course from an existing one.
 */
export async function courseCopyRoutes(
  fastify: FastifyInstance,
  { db, engine }: { db: Database; engine: ResourceEngine },
) {
  const app = typedRoutes(fastify);
  const courses = declarationOf('courses');
  const rights = rightsFirst((request) => [authorize(request, courses, 'get'), authorize(request, courses, 'create')]);
  app.post(
    '/api/courses/:id/copy',
    {
      schema: { params: idParams, body: noBody, response: { 201: resourceItem(courses.type), 422: cannotCopy } },
      ...rights,
    },
    async (request, reply) => {
      const { scope } = authorize(request, courses, 'get');
      const id = pathId(request);
      try {
        const copyId = await copyReadableCourse(request, db, id, scope, 'copy');
        reply.header('Location', `/api/courses/${copyId}`);
        return replyWithRecord(engine, request, reply, courses, copyId, 201);
      } catch (error) {
        throw mapPgError(error, courses, 'write');
      }
    },
  );
}
