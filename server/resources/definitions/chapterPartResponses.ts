import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const chapterPartResponses: ResourceDeclaration = {
  name: 'chapter-part-responses',
  type: 'ChapterPartResponse',
  table: 'chapter_part_responses',
  fields: {
    chapterPart: { type: { kind: 'relation', resource: 'chapter-parts' }, required: true },
    user: { type: { kind: 'relation', resource: 'users' }, required: true },
    value: { type: { kind: 'json' } },
    status: { type: { kind: 'enum', values: ['submitted', 'validated', 'rejected'] } },
    feedback: { type: { kind: 'text' } },
  },
  filters: ['chapterPart', 'user', 'status'],
  order: ['status', 'createdAt'],
  access: rightsOf('chapter-part-responses'),
};
