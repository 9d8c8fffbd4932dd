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
  // The review screen narrows the answers to one chapter: those to any of its parts.
  throughFilters: {
    chapter: { resource: 'chapters', condition: (ids) => `t.chapter_part_id IN (SELECT p.id FROM chapter_parts p WHERE p.chapter_id = ANY(${ids}))` },
  },
  order: ['status', 'createdAt'],
  access: rightsOf('chapter-part-responses'),
};
