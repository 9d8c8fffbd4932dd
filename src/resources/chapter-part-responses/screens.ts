import { screensOf } from '../../custom/crud/screensOf';
import { chapterPartResponses } from '../../domain/contracts';

/** The standard screens of chapter-part-responses: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(chapterPartResponses, {
  fields: [
    { source: 'chapterPart', column: true, filter: true },
    { source: 'user', column: true, filter: true },
    { source: 'value' },
    { source: 'status', column: true, filter: 'alwaysOn' },
    { source: 'feedback' },
    { source: 'createdAt' },
  ],
});
