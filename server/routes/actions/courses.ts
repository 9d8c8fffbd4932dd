import type { FastifyInstance } from 'fastify';
import { hasRole } from '../../../src/domain/roles.ts';
import type { Database } from '../../db/database.ts';
import { forbidden, notFound, unprocessable, violation } from '../../http/errors.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { authorize } from '../../resources/plugin.ts';
import { declarationOf, idOf, replyWithRecord } from './support.ts';

export const PUBLISH_RIGHT = 'courses.publish';

/** Publishing, the course menu and the learner's view of a chapter. */
export async function courseRoutes(app: FastifyInstance, { db, engine }: { db: Database; engine: ResourceEngine }) {
  const courses = declarationOf('courses');
  const chapters = declarationOf('chapters');

  app.put('/api/courses/:id/publish', async (request, reply) => {
    const { session } = authorize(request, courses, 'update');
    const id = idOf(request);
    if (!hasRole(session.roles, 'ROLE_ADMIN')) {
      const [grant] = await db.query(
        `SELECT 1 FROM user_access_rights g JOIN access_rights r ON r.id = g.access_right_id
          WHERE g.user_id = $1 AND r.code = $2`,
        [session.userId, PUBLISH_RIGHT],
      );
      if (!grant) throw forbidden(`Publishing a course requires ROLE_ADMIN or the access right ${PUBLISH_RIGHT}.`);
    }
    await db.transaction(async (tx) => {
      const [course] = await tx.query('SELECT id FROM courses WHERE id = $1 FOR UPDATE', [id]);
      if (!course) throw notFound(`Course ${id} not found.`);
      const empty = await tx.query<{ title: string }>(
        `SELECT ch.title FROM modules m JOIN chapters ch ON ch.module_id = m.id
          WHERE m.course_id = $1 AND NOT EXISTS (SELECT 1 FROM chapter_parts p WHERE p.chapter_id = ch.id)
          ORDER BY m.position, ch.position LIMIT 5`,
        [id],
      );
      if (empty.length > 0)
        throw unprocessable([
          violation('modules', 'empty_chapter', `These chapters have no part yet: ${empty.map((row) => `"${row.title}"`).join(', ')}.`),
        ]);
      await tx.query(
        `UPDATE courses SET status = 'published', published_at = now(), updated_at = now() WHERE id = $1`,
        [id],
      );
    });
    return replyWithRecord(engine, request, reply, courses, id);
  });

  app.get('/api/courses/:id/menu', async (request) => {
    authorize(request, courses, 'get');
    const id = idOf(request);
    // One statement for the whole tree: correlated aggregates, ordered by position.
    const [row] = await db.query<{ menu: unknown }>(
      `SELECT json_build_object(
         'id', c.id, 'title', c.title,
         'modules', coalesce((
           SELECT json_agg(json_build_object(
             'id', m.id, 'title', m.title,
             'chapters', coalesce((
               SELECT json_agg(json_build_object(
                 'id', ch.id, 'title', ch.title,
                 'parts', coalesce((
                   SELECT json_agg(json_build_object('id', p.id, 'type', p.type, 'title', p.title) ORDER BY p.position, p.id)
                     FROM chapter_parts p WHERE p.chapter_id = ch.id), '[]'::json)
               ) ORDER BY ch.position, ch.id)
                 FROM chapters ch WHERE ch.module_id = m.id), '[]'::json)
           ) ORDER BY m.position, m.id)
             FROM modules m WHERE m.course_id = c.id), '[]'::json)) AS menu
         FROM courses c WHERE c.id = $1`,
      [id],
    );
    if (!row) throw notFound(`Course ${id} not found.`);
    return row.menu;
  });

  app.get('/api/chapters/:id/displayable', async (request) => {
    authorize(request, chapters, 'get');
    const id = idOf(request);
    // What a learner is shown: the parts in order, without the answers of the choice questions.
    const [row] = await db.query<{ chapter: unknown }>(
      `SELECT json_build_object(
         'id', ch.id, 'title', ch.title, 'description', ch.description, 'estimatedMinutes', ch.estimated_minutes,
         'parts', coalesce((
           SELECT json_agg(json_build_object(
             'id', p.id, 'type', p.type, 'title', p.title, 'required', p.required, 'position', p.position,
             'content', CASE WHEN p.type IN ('interactive_select', 'interactive_select_multi')
               THEN jsonb_set(p.content, '{options}', coalesce((
                 SELECT jsonb_agg(option - 'correct' ORDER BY ordinality)
                   FROM jsonb_array_elements(p.content -> 'options') WITH ORDINALITY AS o(option, ordinality)), '[]'::jsonb))
               ELSE p.content END
           ) ORDER BY p.position, p.id)
             FROM chapter_parts p WHERE p.chapter_id = ch.id), '[]'::json)) AS chapter
         FROM chapters ch WHERE ch.id = $1`,
      [id],
    );
    if (!row) throw notFound(`Chapter ${id} not found.`);
    return row.chapter;
  });
}
