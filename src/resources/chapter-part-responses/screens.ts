import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of chapter-part-responses: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'chapterPart', kind: 'reference', reference: 'chapter-parts', required: true, column: true, filter: true },
    { source: 'user', kind: 'reference', reference: 'users', required: true, column: true, filter: true },
    { source: 'value', kind: 'json' },
    { source: 'status', kind: 'enum', choices: ['submitted', 'validated', 'rejected'], choiceGroup: 'responseStatus', column: true, sortable: true, filter: 'alwaysOn' },
    { source: 'feedback', kind: 'longText' },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
  ],
  create: true,
  edit: true,
  delete: true,
};
