import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of comments: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'body', kind: 'longText', required: true, column: true },
    { source: 'author', kind: 'summary', reference: 'users', column: true, readOnly: true },
    { source: 'course', kind: 'reference', reference: 'courses', filter: true },
    { source: 'module', kind: 'reference', reference: 'modules', filter: true },
    { source: 'chapter', kind: 'reference', reference: 'chapters', filter: true },
    { source: 'chapterPart', kind: 'reference', reference: 'chapter-parts', filter: true },
    { source: 'createdAt', kind: 'date', column: true, sortable: true, readOnly: true },
  ],
  create: true,
  edit: true,
  delete: true,
};
