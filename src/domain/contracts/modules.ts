import { RELEASE_FIELD } from '../releases';
import { rightsOf } from '../rights';
import { defineContract } from './types';

export const modules = defineContract({
  name: 'modules',
  type: 'Module',
  description: "A course's module, ordered among its siblings by position.",
  fields: {
    title: { kind: 'string', maxLength: 255, required: true },
    description: { kind: 'text' },
    course: { kind: 'relation', target: 'courses' },
    position: { kind: 'integer', min: 0 },
    isTemplate: { kind: 'boolean' },
    /** Learners get it from this date on (none: at once): src/domain/releases.ts. */
    [RELEASE_FIELD]: { kind: 'datetime' },
    tags: { kind: 'relations', target: 'tags' },
    chapters: { kind: 'children', target: 'chapters' },
  },
  filters: ['course', 'isTemplate'],
  search: true,
  order: ['title', 'position', 'isTemplate', 'createdAt'],
  rights: rightsOf('modules'),
});
