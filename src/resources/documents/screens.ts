import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of documents: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'name', kind: 'text', maxLength: 255, column: true, sortable: true },
    { source: 'mimeType', kind: 'text', column: true, sortable: true, filter: true, readOnly: true },
    { source: 'size', kind: 'number', column: true, sortable: true, readOnly: true },
    { source: 'context', kind: 'text', maxLength: 50, sortable: true, filter: true },
    { source: 'owner', kind: 'reference', reference: 'users', column: true, readOnly: true },
    { source: 'createdAt', kind: 'date', column: true, sortable: true, readOnly: true },
  ],
  search: true,
  edit: true,
};
