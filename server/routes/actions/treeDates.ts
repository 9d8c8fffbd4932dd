import type { Queryable } from '../../db/database.ts';
import { columnOf } from '../../resources/types.ts';
import { declarationOf } from './support.ts';

/**
 * The dates an author sets in a course's tree (a release date...): every datetime field of its levels that a
 * client writes (a publication date is the server's: a copy is a draft). Read from the declarations, so a
 * date field added to a level is copied by the copies and moved by a re-run without a word in either.
 */
export function scheduledDateColumns(resource: 'courses' | 'modules' | 'chapters' | 'chapter-parts'): string[] {
  return Object.entries(declarationOf(resource).fields)
    .filter(([, field]) => field.type.kind === 'datetime' && !field.readOnly)
    .map(([name, field]) => columnOf(name, field));
}

/** `, a, b` for a column list or a select list: the level's scheduled dates, after its other columns. */
export const withScheduledDates = (resource: Parameters<typeof scheduledDateColumns>[0], alias = '') =>
  scheduledDateColumns(resource)
    .map((column) => `, ${alias}${column}`)
    .join('');

/** Each level of a course's tree, with the SQL of a course's rows of that level (`$1`: the course's id). */
const TREE = [
  ['courses', 'SELECT $1::int'],
  ['modules', 'SELECT id FROM modules WHERE course_id = $1'],
  ['chapters', 'SELECT c.id FROM chapters c JOIN modules m ON m.id = c.module_id WHERE m.course_id = $1'],
  [
    'chapter-parts',
    `SELECT p.id FROM chapter_parts p JOIN chapters c ON c.id = p.chapter_id JOIN modules m ON m.id = c.module_id
      WHERE m.course_id = $1`,
  ],
] as const;

/** A course's scheduled dates moved by `offsetDays`, or cleared when it is null. */
export async function moveScheduledDates(tx: Queryable, courseId: number, offsetDays: number | null): Promise<void> {
  for (const [resource, rows] of TREE) {
    const columns = scheduledDateColumns(resource);
    if (columns.length === 0) continue;
    await tx.query(
      `UPDATE ${declarationOf(resource).table}
          SET ${columns.map((column) => `${column} = ${column} + make_interval(days => $2::int)`).join(', ')}
        WHERE id IN (${rows})`,
      [courseId, offsetDays],
    );
  }
}
