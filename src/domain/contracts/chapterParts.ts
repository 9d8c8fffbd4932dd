import { CHAPTER_PART_TYPES } from '../chapterParts';
import { RELEASE_FIELD } from '../releases';
import { rightsOf } from '../rights';
import { defineContract } from './types';

export const chapterParts = defineContract({
  name: 'chapter-parts',
  type: 'ChapterPart',
  description: "A chapter's part: content of one of the 14 types, ordered by position.",
  fields: {
    chapter: { kind: 'relation', target: 'chapters', required: true },
    type: { kind: 'enum', values: CHAPTER_PART_TYPES, choiceGroup: 'partType', required: true },
    position: { kind: 'integer', min: 0 },
    title: { kind: 'string', maxLength: 255 },
    content: { kind: 'json' },
    required: { kind: 'boolean' },
    /** Learners get it from this date on (none: at once): src/domain/releases.ts. */
    [RELEASE_FIELD]: { kind: 'datetime' },
  },
  filters: ['chapter', 'type'],
  order: ['type', 'position', 'title', 'createdAt'],
  defaultOrder: [['position', 'asc']],
  rights: rightsOf('chapter-parts'),
});
