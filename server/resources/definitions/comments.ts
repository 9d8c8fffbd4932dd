import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const comments: ResourceDeclaration = {
  name: 'comments',
  type: 'Comment',
  table: 'comments',
  fields: {
    body: { type: { kind: 'text' }, required: true },
    author: { type: { kind: 'relation', resource: 'users', embedded: true }, readOnly: true, defaultsToSessionUser: true },
    chapter: { type: { kind: 'relation', resource: 'chapters' } },
    module: { type: { kind: 'relation', resource: 'modules' } },
    course: { type: { kind: 'relation', resource: 'courses' } },
    chapterPart: { type: { kind: 'relation', resource: 'chapter-parts' } },
  },
  filters: ['chapter', 'module', 'course', 'chapterPart'],
  order: ['createdAt'],
  defaultOrder: [['createdAt', 'desc']],
  access: rightsOf('comments'),
  constraints: {
    comments_one_target: { field: 'chapter', message: 'A comment targets exactly one chapter, module, course or chapter part.' },
  },
};
