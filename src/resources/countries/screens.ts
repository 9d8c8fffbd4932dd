import { screensFor } from '../../custom/crud/screensFor';

/** The standard screens of countries: its fields as the API serves them (API.md, Resources). */
export const screens = screensFor({
  fields: [
    { source: 'code', kind: 'text', column: true, sortable: true, readOnly: true },
    { source: 'name', kind: 'text', column: true, sortable: true, readOnly: true },
  ],
  sort: { field: 'name', order: 'ASC' },
});
