import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of imports: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'filename', kind: 'text', column: true, sortable: true, readOnly: true },
    { source: 'status', kind: 'enum', choices: ['processed', 'failed', 'active'], choiceGroup: 'importStatus', column: true, sortable: true, filter: 'alwaysOn', readOnly: true },
    { source: 'version', kind: 'number', column: true, sortable: true, readOnly: true },
    { source: 'rootFolder', kind: 'reference', reference: 'folders', readOnly: true },
    { source: 'summary', kind: 'json', readOnly: true },
    { source: 'error', kind: 'longText', readOnly: true },
    { source: 'activatedAt', kind: 'date', column: true, sortable: true, readOnly: true },
    { source: 'createdAt', kind: 'date', column: true, sortable: true, readOnly: true },
  ],
  delete: true,
};
