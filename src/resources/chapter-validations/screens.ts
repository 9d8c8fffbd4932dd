import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of chapter-validations: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'chapter', kind: 'reference', reference: 'chapters', required: true, column: true, filter: true },
    { source: 'user', kind: 'reference', reference: 'users', required: true, column: true, filter: true },
    { source: 'validatedAt', kind: 'date', column: true, sortable: true },
    { source: 'validatedBy', kind: 'reference', reference: 'users', column: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
  ],
  create: true,
  edit: true,
  delete: true,
};
