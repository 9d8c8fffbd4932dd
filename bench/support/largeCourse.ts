import type { Database } from '../../server/db/database.ts';
import { PLATFORM } from '../../server/db/scope.ts';

/** The large course's shape: 30 modules of 20 chapters of 10 parts, 6,000 parts. */
export const LARGE_COURSE = { modules: 30, chapters: 20, parts: 10 } as const;
export const LARGE_COURSE_PARTS = LARGE_COURSE.modules * LARGE_COURSE.chapters * LARGE_COURSE.parts;

export interface LargeCourseOptions {
  description: string;
  /** A part's markdown: its size is what a view that reads contents pays for. */
  markdown: string;
  /** Published as the publish action does (the trigger writes its live version), else a draft. */
  published: boolean;
}

/**
 * A course of the demo administrator's structure with `LARGE_COURSE`'s shape, seeded by set-based statements
 * (thousands of API calls would take minutes); its id and its last chapter's.
 */
export async function seedLargeCourse(
  db: Database,
  { description, markdown, published }: LargeCourseOptions,
): Promise<{ course: number; lastChapter: number }> {
  return db.scoped(PLATFORM).transaction(async (tx) => {
    const [course] = await tx.query<{ id: number }>(
      `INSERT INTO courses (title, description, company_id)
       VALUES ($1, $2, (SELECT company_id FROM users WHERE email = 'admin@demo.fr'))
       RETURNING id`,
      [`Cours de ${LARGE_COURSE.modules} × ${LARGE_COURSE.chapters} × ${LARGE_COURSE.parts}`, description],
    );
    await tx.query(
      `INSERT INTO modules (title, course_id, position)
       SELECT 'Module ' || g, $1, g - 1 FROM generate_series(1, $2::int) g`,
      [course.id, LARGE_COURSE.modules],
    );
    await tx.query(
      `INSERT INTO chapters (title, module_id, position)
       SELECT 'Chapitre ' || (m.position + 1) || '.' || g, m.id, g - 1
         FROM modules m CROSS JOIN generate_series(1, $2::int) g WHERE m.course_id = $1`,
      [course.id, LARGE_COURSE.chapters],
    );
    await tx.query(
      `INSERT INTO chapter_parts (chapter_id, type, position, title, content)
       SELECT ch.id, (ARRAY['text_markdown', 'notes', 'links', 'video_youtube', 'interactive_text'])[1 + (g % 5)], g - 1,
              'Partie ' || g, jsonb_build_object('markdown', $3::text, 'text', 'Note')
         FROM modules m JOIN chapters ch ON ch.module_id = m.id CROSS JOIN generate_series(1, $2::int) g
        WHERE m.course_id = $1`,
      [course.id, LARGE_COURSE.parts, markdown],
    );
    if (published)
      await tx.query(`UPDATE courses SET status = 'published', published_at = now() WHERE id = $1`, [course.id]);
    const [chapter] = await tx.query<{ id: number }>(
      `SELECT ch.id FROM chapters ch JOIN modules m ON m.id = ch.module_id WHERE m.course_id = $1
        ORDER BY m.position DESC, ch.position DESC LIMIT 1`,
      [course.id],
    );
    return { course: course.id, lastChapter: chapter.id };
  });
}
