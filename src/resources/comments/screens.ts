import { screensOf } from '../../custom/crud/screensOf';
import { comments } from '../../domain/contracts';

/** The standard screens of comments: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(comments, {
  fields: [
    { source: 'body', column: true },
    { source: 'author', column: true },
    { source: 'course', filter: true },
    { source: 'module', filter: true },
    { source: 'chapter', filter: true },
    { source: 'chapterPart', filter: true },
    { source: 'createdAt', column: true },
  ],
});
