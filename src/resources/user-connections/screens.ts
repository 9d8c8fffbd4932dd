import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of user-connections: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'user', kind: 'summary', reference: 'users', column: true, filter: 'alwaysOn', readOnly: true },
    { source: 'connectedAt', kind: 'date', column: true, sortable: true, readOnly: true },
    { source: 'success', kind: 'boolean', column: true, sortable: true, readOnly: true },
    { source: 'ip', kind: 'text', column: true, readOnly: true },
    { source: 'userAgent', kind: 'text', readOnly: true },
  ],
};
