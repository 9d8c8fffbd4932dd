import { CHAPTER_PART_TYPES } from '../chapterParts';
import { rightsOf } from '../rights';
import { defineContract } from './types';

export const chapterParts = defineContract({
  name: 'chapter-parts',
  type: 'ChapterPart',
  description: "A chapter's part: content of one of the 14 types, ordered by position.",
  fields: {
    chapter: { kind: 'relation', target: 'chapters', required: true },
    type: { kind: 'enum', values: CHAPTER_PART_TYPES, required: true },
    position: { kind: 'integer', min: 0 },
    title: { kind: 'string', maxLength: 255 },
    content: { kind: 'json' },
    required: { kind: 'boolean' },
  },
  filters: ['chapter', 'type'],
  order: ['type', 'position', 'title', 'createdAt'],
  defaultOrder: [['position', 'asc']],
  rights: rightsOf('chapter-parts'),
});
