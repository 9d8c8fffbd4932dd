import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const chapterValidations: ResourceDeclaration = {
  name: 'chapter-validations',
  type: 'ChapterValidation',
  table: 'chapter_validations',
  fields: {
    chapter: { type: { kind: 'relation', resource: 'chapters' }, required: true },
    user: { type: { kind: 'relation', resource: 'users' }, required: true },
    validatedAt: { type: { kind: 'datetime' } },
    validatedBy: { type: { kind: 'relation', resource: 'users' }, defaultsToSessionUser: true },
  },
  filters: ['chapter', 'user'],
  order: ['validatedAt', 'createdAt'],
  defaultOrder: [['validatedAt', 'desc']],
  access: rightsOf('chapter-validations'),
  constraints: {
    chapter_validations_chapter_id_user_id_key: { field: 'user', message: 'This chapter is already validated for this user.' },
  },
};
