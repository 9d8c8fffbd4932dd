import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of chapters: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'title', kind: 'text', required: true, maxLength: 255, column: true, sortable: true },
    { source: 'description', kind: 'longText' },
    { source: 'module', kind: 'reference', reference: 'modules', column: true, filter: 'alwaysOn' },
    { source: 'position', kind: 'number', min: 0, column: true, sortable: true },
    { source: 'isTemplate', kind: 'boolean', column: true, sortable: true, filter: true },
    { source: 'estimatedMinutes', kind: 'number', min: 0, column: true, sortable: true },
    { source: 'unlocks', kind: 'references', reference: 'chapters' },
    { source: 'parts', kind: 'references', reference: 'chapter-parts', readOnly: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
  ],
  search: true,
  create: true,
  edit: true,
  delete: true,
};
