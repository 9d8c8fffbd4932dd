import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of folders: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'name', kind: 'text', required: true, maxLength: 255, column: true, sortable: true },
    { source: 'parent', kind: 'reference', reference: 'folders', column: true, filter: true },
    { source: 'position', kind: 'number', min: 0, column: true, sortable: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
  ],
  create: true,
  edit: true,
  delete: true,
};
