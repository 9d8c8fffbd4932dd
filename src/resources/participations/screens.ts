import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of participations: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'user', kind: 'reference', reference: 'users', required: true, column: true, filter: true },
    { source: 'course', kind: 'reference', reference: 'courses', required: true, column: true, filter: true },
    { source: 'status', kind: 'enum', choices: ['invited', 'in_progress', 'completed'], choiceGroup: 'participationStatus', column: true, sortable: true, filter: 'alwaysOn' },
    { source: 'progress', kind: 'number', min: 0, max: 100, column: true, sortable: true },
    { source: 'startedAt', kind: 'date', sortable: true },
    { source: 'completedAt', kind: 'date', column: true, sortable: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
  ],
  create: true,
  edit: true,
  delete: true,
};
