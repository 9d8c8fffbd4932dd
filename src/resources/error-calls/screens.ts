import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of error-calls: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'status', kind: 'number', column: true, sortable: true, filter: true, readOnly: true },
    { source: 'endpoint', kind: 'text', column: true, readOnly: true },
    { source: 'url', kind: 'text', readOnly: true },
    { source: 'protocol', kind: 'text', readOnly: true },
    { source: 'occurredAt', kind: 'date', column: true, readOnly: true },
    { source: 'company', kind: 'summary', readOnly: true },
    { source: 'employee', kind: 'summary', reference: 'users', readOnly: true },
    { source: 'details', kind: 'json', readOnly: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
  ],
  delete: true,
};
