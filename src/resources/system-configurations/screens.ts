import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of system-configurations: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'key', kind: 'text', required: true, maxLength: 150, column: true, sortable: true },
    { source: 'value', kind: 'longText', column: true },
    { source: 'description', kind: 'longText' },
  ],
  create: true,
  edit: true,
  delete: true,
};
