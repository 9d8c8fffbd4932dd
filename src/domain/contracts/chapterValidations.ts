import { rightsOf } from '../rights';
import { defineContract } from './types';

export const chapterValidations = defineContract({
  name: 'chapter-validations',
  type: 'ChapterValidation',
  description:
    "A chapter validated for a learner, by whom and when, in which cycle of the learner's enrolment in the course.",
  fields: {
    chapter: { kind: 'relation', target: 'chapters', required: true },
    user: { kind: 'relation', target: 'users', required: true },
    validatedAt: { kind: 'datetime' },
    validatedBy: { kind: 'relation', target: 'users', defaultsToSessionUser: true },
    // The cycle of the learner's enrolment it was made in, from 1; a recertification starts the next, whose
    // validations are made again while the earlier ones stay as their certification's proof.
    cycle: { kind: 'integer', min: 1, readOnly: true },
  },
  filters: ['chapter', 'user', 'cycle'],
  order: ['validatedAt', 'createdAt'],
  defaultOrder: [['validatedAt', 'desc']],
  rights: rightsOf('chapter-validations'),
});
