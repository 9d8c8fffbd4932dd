import { rightsOf } from '../rights';
import { defineContract } from './types';

export const chapterValidations = defineContract({
  name: 'chapter-validations',
  type: 'ChapterValidation',
  description: 'A chapter validated for a learner, by whom and when.',
  fields: {
    chapter: { kind: 'relation', target: 'chapters', required: true },
    user: { kind: 'relation', target: 'users', required: true },
    validatedAt: { kind: 'datetime' },
    validatedBy: { kind: 'relation', target: 'users', defaultsToSessionUser: true },
  },
  filters: ['chapter', 'user'],
  order: ['validatedAt', 'createdAt'],
  defaultOrder: [['validatedAt', 'desc']],
  rights: rightsOf('chapter-validations'),
});
