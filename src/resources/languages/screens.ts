import { screensFor } from '../../custom/crud/screensFor';

/** The standard screens of languages: its fields as the API serves them (API.md, Resources). */
export const screens = screensFor({
  fields: [
    { source: 'code', kind: 'text', required: true, maxLength: 10, column: true, sortable: true },
    { source: 'name', kind: 'text', required: true, maxLength: 100, column: true, sortable: true },
  ],
  sort: { field: 'name', order: 'ASC' },
  create: true,
  edit: true,
  delete: true,
});
