import { RELEASE_FIELD } from '../releases';
import { rightsOf } from '../rights';
import { defineContract } from './types';

export const chapters = defineContract({
  name: 'chapters',
  type: 'Chapter',
  description: "A module's chapter, ordered among its siblings by position; made of parts.",
  fields: {
    title: { kind: 'string', maxLength: 255, required: true },
    description: { kind: 'text' },
    module: { kind: 'relation', target: 'modules' },
    position: { kind: 'integer', min: 0 },
    isTemplate: { kind: 'boolean' },
    estimatedMinutes: { kind: 'integer', min: 0, max: 10000 },
    /** Learners get it from this date on (none: at once): src/domain/releases.ts. */
    [RELEASE_FIELD]: { kind: 'datetime' },
    unlocks: { kind: 'relations', target: 'chapters' },
    parts: { kind: 'children', target: 'chapter-parts' },
  },
  filters: ['module', 'isTemplate'],
  search: true,
  order: ['title', 'position', 'isTemplate', 'estimatedMinutes', 'createdAt'],
  rights: rightsOf('chapters'),
});
