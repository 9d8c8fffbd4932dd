import { COPY_MAX_ROWS, COPY_TOO_LARGE } from '../../../src/domain/copies.ts';
import type { Queryable } from '../../db/database.ts';
import { unprocessable, violation } from '../../http/errors.ts';

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
};

/**
 * Refuses (422 `copy_too_large`, nothing written) a copy that would write more than COPY_MAX_ROWS rows:
 * `rowsSql` (built from `copyRows`) is counted in the copy's transaction, before it writes.
 */
export async function refuseOversizedCopy(tx: Queryable, rowsSql: string, params: unknown[]): Promise<void> {
  const [{ rows }] = await tx.query<{ rows: number }>(`SELECT (${rowsSql})::int8 AS rows`, params);
  if (Number(rows) > COPY_MAX_ROWS)
    throw unprocessable([
      violation('', COPY_TOO_LARGE, `This copy would write ${Number(rows)} rows; a copy writes at most ${COPY_MAX_ROWS}: copy its parts one by one.`),
    ]);
}
