import type { FastifyRequest } from 'fastify';
import { COPY_MAX_ROWS, COPY_TOO_LARGE, copyCost } from '../../../src/domain/copies.ts';
import type { Queryable } from '../../db/database.ts';
import { unprocessable, violation } from '../../shared/errors.ts';
import { spendMoreWrites } from '../../http/writeBudget.ts';

/**
 * SQL counting the rows a deep copy writes, for the ids a subquery (or a parameter) `ids` gives; each level
 * counts its own rows and those of the level below, so a copy of a larger thing is the sum of its parts.
 */
export const copyRows = {
  /** The chapters, their parts, and the unlocks between chapters copied together. */
  chapters: (ids: string) => `(SELECT count(*) FROM chapters WHERE id IN (${ids}))
    + (SELECT count(*) FROM chapter_parts WHERE chapter_id IN (${ids}))
    + (SELECT count(*) FROM chapter_unlocks WHERE chapter_id IN (${ids}) AND required_chapter_id IN (${ids}))`,
  /** The modules, their tags, and their chapters as above. */
  modules: (ids: string) => `(SELECT count(*) FROM modules WHERE id IN (${ids}))
    + (SELECT count(*) FROM module_tags WHERE module_id IN (${ids}))
    + ${copyRows.chapters(`SELECT id FROM chapters WHERE module_id IN (${ids})`)}`,
  /** The courses, their tags and skills, and their modules as above. */
  courses: (ids: string) => `(SELECT count(*) FROM courses WHERE id IN (${ids}))
    + (SELECT count(*) FROM course_tags WHERE course_id IN (${ids}))
    + (SELECT count(*) FROM course_skills WHERE course_id IN (${ids}))
    + ${copyRows.modules(`SELECT id FROM modules WHERE course_id IN (${ids})`)}`,
};

/**
 * Bounds a copy before it writes, in its transaction: `rowsSql` (built from `copyRows`) counts what it would
 * write; beyond COPY_MAX_ROWS, a 422 `copy_too_large`; within, the copy spends one write of its author's
 * budget per COPY_ROWS_PER_WRITE rows (the request spent one already), or answers the budget's 429.
 */
export async function boundCopy(
  request: FastifyRequest,
  tx: Queryable,
  rowsSql: string,
  params: unknown[],
): Promise<void> {
  const [row] = await tx.query<{ rows: number }>(`SELECT (${rowsSql})::int8 AS rows`, params);
  const rows = Number(row.rows);
  if (rows > COPY_MAX_ROWS)
    throw unprocessable([
      violation(
        '',
        COPY_TOO_LARGE,
        `This copy would write ${rows} rows; a copy writes at most ${COPY_MAX_ROWS}: copy its parts one by one.`,
      ),
    ]);
  await spendMoreWrites(request, copyCost(rows) - 1, tx);
}
