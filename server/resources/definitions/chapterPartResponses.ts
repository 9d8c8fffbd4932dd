import { chapterPartResponses } from '../../../src/domain/contracts/chapterPartResponses.ts';
import { declareResource } from '../declare.ts';

export const chapterPartResponsesDeclaration = declareResource(chapterPartResponses, {
  table: 'chapter_part_responses',
  // The review screen narrows the answers to one chapter: those to any of its parts.
  throughFilters: {
    chapter: {
      resource: 'chapters',
      condition: (ids) => `t.chapter_part_id IN (SELECT p.id FROM chapter_parts p WHERE p.chapter_id = ANY(${ids}))`,
    },
  },
});
