import { runAsAction } from '../../db/scope.ts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { refuseEmptyChapters, requirePublishRight } from '../../resources/publishing.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { authorize } from '../../http/authorize.ts';
import { idParams, noBody, pathId, rightsFirst, typedRoutes } from '../../http/routeSchema.ts';
import { andAll, declarationOf, replyWithRecord } from './support.ts';
import { CHOICE_PART_TYPES } from '../../../src/domain/chapterParts.ts';
import { literal } from '../../shared/sql.ts';
import { listOf, resourceItem, shaped } from '../../http/answers.ts';
import { ownReleaseCondition, releasedFunction } from '../../resources/releases.ts';

const named = { id: { type: 'integer' }, title: { type: ['string', 'null'] } };
const courseMenu = shaped('The course, its modules, their chapters and their parts, in order.', {
  ...named,
  modules: listOf(
    'Its modules.',
    shaped('A module.', {
      ...named,
      chapters: listOf(
        'Its chapters.',
        shaped('A chapter.', { ...named, parts: listOf('Its parts.', shaped('A part.', { ...named, type: {} })) }),
      ),
    }),
  ),
});
const displayable = shaped('The chapter as a learner sees it, with its parts.', {});

/** Publishing, the course menu and the learner's view of a chapter. */
export async function courseRoutes(fastify: FastifyInstance, { db, engine }: { db: Database; engine: ResourceEngine }) {
  const app = typedRoutes(fastify);
  const courses = declarationOf('courses');
  const chapters = declarationOf('chapters');

  app.put(
    '/api/courses/:id/publish',
    {
      schema: { params: idParams, body: noBody, response: { 200: resourceItem(courses.type) } },
      ...rightsFirst((request) => authorize(request, courses, 'update')),
    },
    async (request, reply) => {
      const { session, scope } = authorize(request, courses, 'update');
      const id = pathId(request);
      await runAsAction('publish', { resource: 'courses', id }, () =>
        db.transaction(async (tx) => {
          await requirePublishRight(tx, session);
          const [course] = await tx.query(`SELECT t.id FROM courses t WHERE t.id = $1${andAll(scope)} FOR UPDATE`, [
            id,
          ]);
          if (!course) throw notFound(`Course ${id} not found.`);
          await refuseEmptyChapters(tx, id);
          await tx.query(
            `UPDATE courses SET status = 'published', published_at = now(), updated_at = now() WHERE id = $1`,
            [id],
          );
        }),
      );
      return replyWithRecord(engine, request, reply, courses, id);
    },
  );

  app.get(
    '/api/courses/:id/menu',
    {
      schema: { params: idParams, response: { 200: courseMenu } },
      ...rightsFirst((request) => authorize(request, courses, 'get')),
    },
    async (request) => {
      const { scope } = authorize(request, courses, 'get');
      const id = pathId(request);
      // One statement for the whole tree: correlated aggregates, ordered by position. Each level keeps what is
      // released by its own date; what its container left out never comes into it.
      const [row] = await db.query<{ menu: unknown }>(
        `SELECT json_build_object(
         'id', t.id, 'title', t.title,
         'modules', coalesce((
           SELECT json_agg(json_build_object(
             'id', m.id, 'title', m.title,
             'chapters', coalesce((
               SELECT json_agg(json_build_object(
                 'id', ch.id, 'title', ch.title,
                 'parts', coalesce((
                   SELECT json_agg(json_build_object('id', p.id, 'type', p.type, 'title', p.title) ORDER BY p.position, p.id)
                     FROM chapter_parts p WHERE p.chapter_id = ch.id AND ${ownReleaseCondition('p')}), '[]'::json)
               ) ORDER BY ch.position, ch.id)
                 FROM chapters ch WHERE ch.module_id = m.id AND ${ownReleaseCondition('ch')}), '[]'::json)
           ) ORDER BY m.position, m.id)
             FROM modules m WHERE m.course_id = t.id AND ${ownReleaseCondition('m')}), '[]'::json)) AS menu
         FROM courses t WHERE t.id = $1${andAll(scope)}`,
        [id],
      );
      if (!row) throw notFound(`Course ${id} not found.`);
      return row.menu;
    },
  );

  app.get(
    '/api/chapters/:id/displayable',
    {
      schema: { params: idParams, response: { 200: displayable } },
      ...rightsFirst((request) => authorize(request, chapters, 'get')),
    },
    async (request) => {
      const { scope } = authorize(request, chapters, 'get');
      const id = pathId(request);
      // What a learner is shown: the parts in order, without the answers of the choice questions. A chapter
      // not released yet (its date or its module's) is not found, as if it did not exist yet.
      const [row] = await db.query<{ chapter: unknown }>(
        `SELECT json_build_object(
         'id', t.id, 'title', t.title, 'description', t.description, 'estimatedMinutes', t.estimated_minutes,
         'parts', coalesce((
           SELECT json_agg(json_build_object(
             'id', p.id, 'type', p.type, 'title', p.title, 'required', p.required, 'position', p.position,
             'content', CASE WHEN p.type IN (${CHOICE_PART_TYPES.map(literal).join(', ')})
               THEN jsonb_set(p.content, '{options}', coalesce((
                 SELECT jsonb_agg(option - 'correct' ORDER BY ordinality)
                   FROM jsonb_array_elements(p.content -> 'options') WITH ORDINALITY AS o(option, ordinality)), '[]'::jsonb))
               ELSE p.content END
           ) ORDER BY p.position, p.id)
             FROM chapter_parts p WHERE p.chapter_id = t.id AND ${ownReleaseCondition('p')}), '[]'::json)) AS chapter
         FROM chapters t WHERE t.id = $1 AND ${releasedFunction('chapters')}(t.id)${andAll(scope)}`,
        [id],
      );
      if (!row) throw notFound(`Chapter ${id} not found.`);
      return row.chapter;
    },
  );
}
