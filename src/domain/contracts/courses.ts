import { VALIDITY_MONTHS_MAX } from '../learning';
import { rightsOf } from '../rights';
import { defineContract } from './types';

export const COURSE_STATUSES = ['draft', 'published'] as const;

export const courses = defineContract({
  name: 'courses',
  type: 'Course',
  description: 'A course: modules of chapters of parts, published when ready.',
  fields: {
    title: { kind: 'string', maxLength: 255, required: true },
    description: { kind: 'text' },
    language: { kind: 'relation', target: 'languages' },
    status: { kind: 'enum', values: COURSE_STATUSES, choiceGroup: 'courseStatus' },
    publishedAt: { kind: 'datetime', readOnly: true },
    isTemplate: { kind: 'boolean' },
    cover: { kind: 'relation', target: 'documents' },
    modules: { kind: 'children', target: 'modules' },
    skills: { kind: 'relations', target: 'skills' },
    tags: { kind: 'relations', target: 'tags' },
    // A completion expires this many months after it: the learner is enrolled again (recertification).
    validityMonths: { kind: 'integer', min: 1, max: VALIDITY_MONTHS_MAX },
  },
  filters: ['status', 'isTemplate', 'tags', 'skills'],
  // Published courses whose draft differs from what learners have (the dashboard's card), or the others.
  ruleFilters: { unpublishedChanges: { kind: 'flag' } },
  search: true,
  order: ['title', 'status', 'publishedAt', 'isTemplate', 'createdAt', 'updatedAt'],
  rights: rightsOf('courses'),
});
