import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of countries: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'code', kind: 'text', column: true, sortable: true, readOnly: true },
    { source: 'name', kind: 'text', column: true, sortable: true, readOnly: true },
  ],
};
