import { chapterPartResponses } from '../../../src/domain/contracts/chapterPartResponses.ts';
import { unprocessable, violation } from '../../shared/errors.ts';
import { declareResource } from '../declare.ts';
import { learnerReleasedFunction } from '../releases.ts';

export const chapterPartResponsesDeclaration = declareResource(chapterPartResponses, {
  table: 'chapter_part_responses',
  // The review screen narrows the answers to one chapter: those to any of its parts.
  throughFilters: {
    chapter: {
      resource: 'chapters',
      condition: (ids) => `t.chapter_part_id IN (SELECT p.id FROM chapter_parts p WHERE p.chapter_id = ANY(${ids}))`,
    },
  },
  // A part learners do not have is not there to be answered, refused as a part that does not exist is: one
  // not released yet (its own date, its chapter's or its module's), or, in a published course, one that
  // only its draft has (the live version is what learners answer).
  async beforeWrite({ tx, columns }) {
    const part = columns.get('chapter_part_id')?.value;
    if (typeof part !== 'number') return;
    const [row] = await tx.query<{ released: boolean }>(
      `SELECT ${learnerReleasedFunction('chapter-parts')}($1) AS released`,
      [part],
    );
    if (!row?.released)
      throw unprocessable([violation('chapterPart', 'reference', `Item not found for "/api/chapter-parts/${part}".`)]);
  },
});
