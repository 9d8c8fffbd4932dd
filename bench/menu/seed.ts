import type { Database } from '../../server/db/database.ts';
import { PLATFORM } from '../../server/db/scope.ts';

/** The course's shape: modules, chapters a module, parts a chapter. */
export const SHAPE = { modules: 30, chapters: 20, parts: 10 };

/** A published course of the demo administrator's structure, seeded by set-based statements; its id and a chapter's. */
export async function seedPublishedCourse(db: Database): Promise<{ course: number; chapter: number }> {
  return db.scoped(PLATFORM).transaction(async (tx) => {
    const [course] = await tx.query<{ id: number }>(
      `INSERT INTO courses (title, description, company_id)
       VALUES ('Cours de 6 000 parties', 'Le menu de ses apprenants.', (SELECT company_id FROM users WHERE email = 'admin@demo.fr'))
       RETURNING id`,
    );
    await tx.query(
      `INSERT INTO modules (title, course_id, position) SELECT 'Module ' || g, $1, g - 1 FROM generate_series(1, $2::int) g`,
      [course.id, SHAPE.modules],
    );
    await tx.query(
      `INSERT INTO chapters (title, module_id, position)
       SELECT 'Chapitre ' || (m.position + 1) || '.' || g, m.id, g - 1
         FROM modules m CROSS JOIN generate_series(1, $2::int) g WHERE m.course_id = $1`,
      [course.id, SHAPE.chapters],
    );
    await tx.query(
      `INSERT INTO chapter_parts (chapter_id, type, position, title, content)
       SELECT ch.id, (ARRAY['text_markdown', 'notes', 'links', 'video_youtube', 'interactive_text'])[1 + (g % 5)], g - 1,
              'Partie ' || g, jsonb_build_object('markdown', repeat('Un paragraphe de cours. ', 20), 'text', 'Note')
         FROM modules m JOIN chapters ch ON ch.module_id = m.id CROSS JOIN generate_series(1, $2::int) g
        WHERE m.course_id = $1`,
      [course.id, SHAPE.parts],
    );
    // Published as the publish action does: the trigger writes its live version.
    await tx.query(`UPDATE courses SET status = 'published', published_at = now() WHERE id = $1`, [course.id]);
    const [chapter] = await tx.query<{ id: number }>(
      `SELECT ch.id FROM chapters ch JOIN modules m ON m.id = ch.module_id WHERE m.course_id = $1
        ORDER BY m.position DESC, ch.position DESC LIMIT 1`,
      [course.id],
    );
    return { course: course.id, chapter: chapter.id };
  });
}
