import { CHAPTER_PART_TYPES } from '../../../src/domain/chapterParts.ts';
import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const chapterParts: ResourceDeclaration = {
  name: 'chapter-parts',
  type: 'ChapterPart',
  table: 'chapter_parts',
  fields: {
    chapter: { type: { kind: 'relation', resource: 'chapters' }, required: true },
    type: { type: { kind: 'enum', values: CHAPTER_PART_TYPES }, required: true },
    position: { type: { kind: 'integer', min: 0 } },
    title: { type: { kind: 'string', maxLength: 255 } },
    content: { type: { kind: 'json' } },
    required: { type: { kind: 'boolean' } },
  },
  filters: ['chapter', 'type'],
  order: ['type', 'position', 'title', 'createdAt'],
  defaultOrder: [['position', 'asc']],
  access: rightsOf('chapter-parts'),
};
