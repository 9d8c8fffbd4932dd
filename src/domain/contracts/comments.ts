import { rightsOf } from '../rights';
import { defineContract } from './types';

export const comments = defineContract({
  name: 'comments',
  type: 'Comment',
  description: 'A comment on exactly one chapter, module, course or chapter part.',
  fields: {
    body: { kind: 'text', maxLength: 5000, required: true },
    author: { kind: 'relation', target: 'users', embedded: true, readOnly: true, defaultsToSessionUser: true },
    chapter: { kind: 'relation', target: 'chapters' },
    module: { kind: 'relation', target: 'modules' },
    course: { kind: 'relation', target: 'courses' },
    chapterPart: { kind: 'relation', target: 'chapter-parts' },
  },
  filters: ['chapter', 'module', 'course', 'chapterPart'],
  order: ['createdAt'],
  defaultOrder: [['createdAt', 'desc']],
  rights: rightsOf('comments'),
});
