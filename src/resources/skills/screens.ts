import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of skills: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'name', kind: 'text', required: true, maxLength: 150, column: true, sortable: true },
    { source: 'description', kind: 'longText' },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
  ],
  search: true,
  create: true,
  edit: true,
  delete: true,
};
