import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../shared/errors.ts';
import { authorize } from '../../resources/authorize.ts';
import { idParams, pathId, rightsFirst, typedRoutes } from '../../http/routeSchema.ts';
import { declarationOf } from './support.ts';
import { closedObject, listOf, orNull } from '../../http/answers.ts';
import { CHAPTER_PART_TYPES } from '../../../src/domain/chapterParts.ts';
import { COURSE_STATUSES } from '../../../src/domain/contracts/courses.ts';
import { TIME_ZONE_FUNCTION } from '../../resources/releases.ts';

/*
 * The whole tree of a course for its outline editor, in one statement: each level is aggregated once for the
 * course (GROUP BY its parent) and joined to the level above, rather than one subquery per node, so a course
 * of 6,000 parts costs three index range scans and three hash aggregates. Parts carry no content: the outline
 * shows a type and a title, the preview asks for one chapter at a time (/displayable).
 */
const OUTLINE_SQL = `
WITH course_modules AS (
  SELECT m.id, m.title, m.position, m.is_template, m.release_at FROM modules m WHERE m.course_id = $1),
course_chapters AS (
  SELECT ch.id, ch.module_id, ch.title, ch.position, ch.is_template, ch.release_at
    FROM chapters ch JOIN course_modules m ON ch.module_id = m.id),
parts_by_chapter AS (
  SELECT p.chapter_id,
         json_agg(json_build_object('id', p.id, 'type', p.type, 'title', p.title, 'position', p.position, 'required', p.required,
                                    'releaseAt', p.release_at)
                  ORDER BY p.position, p.id) AS parts
    FROM chapter_parts p JOIN course_chapters ch ON p.chapter_id = ch.id
   GROUP BY p.chapter_id),
unlocks_by_chapter AS (
  SELECT u.chapter_id, json_agg(u.required_chapter_id ORDER BY u.required_chapter_id) AS unlocks
    FROM chapter_unlocks u JOIN course_chapters ch ON u.chapter_id = ch.id
   GROUP BY u.chapter_id),
chapters_by_module AS (
  SELECT ch.module_id,
         json_agg(json_build_object('id', ch.id, 'title', ch.title, 'position', ch.position, 'isTemplate', ch.is_template, 'releaseAt', ch.release_at,
                                    'unlocks', coalesce(u.unlocks, '[]'::json), 'parts', coalesce(p.parts, '[]'::json))
                  ORDER BY ch.position, ch.id) AS chapters
    FROM course_chapters ch
    LEFT JOIN parts_by_chapter p ON p.chapter_id = ch.id
    LEFT JOIN unlocks_by_chapter u ON u.chapter_id = ch.id
   GROUP BY ch.module_id)
SELECT json_build_object(
         'id', t.id, 'title', t.title, 'status', t.status, 'publishedAt', t.published_at, 'updatedAt', t.updated_at,
         'company', t.company_id, 'timeZone', ${TIME_ZONE_FUNCTION}(t.company_id),
         'modules', coalesce((
           SELECT json_agg(json_build_object('id', m.id, 'title', m.title, 'position', m.position, 'isTemplate', m.is_template, 'releaseAt', m.release_at,
                                             'chapters', coalesce(cm.chapters, '[]'::json))
                           ORDER BY m.position, m.id)
             FROM course_modules m LEFT JOIN chapters_by_module cm ON cm.module_id = m.id), '[]'::json)) AS outline
  FROM courses t
 WHERE t.id = $1`;

const releaseAt = orNull('string', {
  format: 'date-time',
  description: 'Learners get it from then on; null: at once.',
});
const position = { type: 'integer' };
/** `CourseOutline` (src/domain/outline.ts), level by level. */
const outlineAnswer = closedObject(
  'The course outline: its modules, chapters and parts, for the outline editor.',
  {
    id: { type: 'integer' },
    title: { type: 'string' },
    status: { type: 'string', enum: [...COURSE_STATUSES] },
    publishedAt: orNull('string', { format: 'date-time' }),
    updatedAt: { type: 'string', format: 'date-time' },
    company: orNull('integer', { description: 'The course’s structure (null: the catalogue’s).' }),
    timeZone: { type: 'string', description: 'The time zone its dates are read and written in.' },
    modules: listOf(
      'Its modules, by position.',
      closedObject(
        'A module.',
        {
          id: { type: 'integer' },
          title: { type: 'string' },
          position,
          isTemplate: { type: 'boolean' },
          releaseAt,
          chapters: listOf(
            'Its chapters, by position.',
            closedObject(
              'A chapter.',
              {
                id: { type: 'integer' },
                title: { type: 'string' },
                position,
                isTemplate: { type: 'boolean' },
                releaseAt,
                unlocks: { type: 'array', items: { type: 'integer' }, description: 'The chapters to validate first.' },
                parts: listOf(
                  'Its parts, by position.',
                  closedObject(
                    'A part.',
                    {
                      id: { type: 'integer' },
                      type: { type: 'string', enum: [...CHAPTER_PART_TYPES] },
                      title: orNull('string'),
                      position,
                      required: { type: 'boolean' },
                      releaseAt,
                    },
                    ['id', 'type', 'title', 'position', 'required', 'releaseAt'],
                  ),
                ),
              },
              ['id', 'title', 'position', 'isTemplate', 'releaseAt', 'unlocks', 'parts'],
            ),
          ),
        },
        ['id', 'title', 'position', 'isTemplate', 'releaseAt', 'chapters'],
      ),
    ),
  },
  ['id', 'title', 'status', 'publishedAt', 'updatedAt', 'company', 'timeZone', 'modules'],
);

/** `GET /api/courses/{id}/outline`: modules → chapters (with their unlocks) → parts, ordered by position. */
export async function outlineRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = typedRoutes(fastify);
  const courses = declarationOf('courses');
  app.get(
    '/api/courses/:id/outline',
    {
      schema: {
        params: idParams,
        response: { 200: outlineAnswer },
      },
      ...rightsFirst((request) => authorize(request, courses, 'get')),
    },
    async (request, reply) => {
      // The course's read right, with the scope a list of courses would apply to this session.
      const { scope } = authorize(request, courses, 'get');
      const id = pathId(request);
      // The course is aliased `t`, as the engine's scope conditions expect.
      const [row] = await db.query<{ outline: unknown }>(
        `${OUTLINE_SQL}${scope.map((condition) => ` AND ${condition}`).join('')}`,
        [id],
      );
      if (!row) throw notFound(`Course ${id} not found.`);
      return reply.type('application/json; charset=utf-8').send(row.outline);
    },
  );
}
