import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of languages: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'code', kind: 'text', required: true, maxLength: 10, column: true, sortable: true },
    { source: 'name', kind: 'text', required: true, maxLength: 100, column: true, sortable: true },
  ],
  create: true,
  edit: true,
  delete: true,
};
