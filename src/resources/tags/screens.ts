import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of tags: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'name', kind: 'text', required: true, maxLength: 100, column: true, sortable: true },
    { source: 'color', kind: 'color', column: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
  ],
  search: true,
  create: true,
  edit: true,
  delete: true,
};
