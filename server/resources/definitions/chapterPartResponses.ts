import { chapterPartResponses } from '../../../src/domain/contracts/chapterPartResponses.ts';
import { declareResource } from '../declare.ts';

export const chapterPartResponsesDeclaration = declareResource(chapterPartResponses, {
  table: 'chapter_part_responses',
});
