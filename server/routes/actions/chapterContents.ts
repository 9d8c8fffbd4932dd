import type { Queryable } from '../../db/database.ts';
import { withScheduledDates } from './treeDates.ts';

/**
 * The parts of copied chapters, and the unlocks between chapters copied together, follow their copies:
 * `sources[i]` was copied as `copies[i]`. Parts keep their positions (dense within each chapter).
 */
export async function copyChapterContents(
  tx: Queryable,
  sources: readonly number[],
  copies: readonly number[],
): Promise<void> {
  await tx.query(
    `INSERT INTO chapter_parts (chapter_id, type, position, title, content, required${withScheduledDates('chapter-parts')})
     SELECT m.copy, p.type, p.position, p.title, p.content, p.required${withScheduledDates('chapter-parts', 'p.')}
       FROM chapter_parts p JOIN unnest($1::int4[], $2::int4[]) AS m(source, copy) ON p.chapter_id = m.source`,
    [sources, copies],
  );
  await tx.query(
    `INSERT INTO chapter_unlocks (chapter_id, required_chapter_id)
     SELECT a.copy, b.copy
       FROM chapter_unlocks u
       JOIN unnest($1::int4[], $2::int4[]) AS a(source, copy) ON a.source = u.chapter_id
       JOIN unnest($1::int4[], $2::int4[]) AS b(source, copy) ON b.source = u.required_chapter_id`,
    [sources, copies],
  );
}
