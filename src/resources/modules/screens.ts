import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of modules: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'title', kind: 'text', required: true, maxLength: 255, column: true, sortable: true },
    { source: 'description', kind: 'longText' },
    { source: 'course', kind: 'reference', reference: 'courses', column: true, filter: 'alwaysOn' },
    { source: 'position', kind: 'number', min: 0, column: true, sortable: true },
    { source: 'isTemplate', kind: 'boolean', column: true, sortable: true, filter: true },
    { source: 'tags', kind: 'references', reference: 'tags' },
    { source: 'chapters', kind: 'references', reference: 'chapters', readOnly: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
  ],
  search: true,
  create: true,
  edit: true,
  delete: true,
};
