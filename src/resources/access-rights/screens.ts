import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of access-rights: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'code', kind: 'text', required: true, maxLength: 100, column: true, sortable: true },
    { source: 'label', kind: 'text', required: true, maxLength: 200, column: true, sortable: true },
    { source: 'description', kind: 'longText' },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
  ],
  create: true,
  edit: true,
  delete: true,
};
