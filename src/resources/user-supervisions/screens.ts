import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of user-supervisions: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'supervisor', kind: 'reference', reference: 'users', required: true, column: true, filter: true },
    { source: 'learner', kind: 'reference', reference: 'users', required: true, column: true, filter: true },
    { source: 'course', kind: 'reference', reference: 'courses', column: true, filter: true },
    { source: 'startsAt', kind: 'date', column: true, sortable: true },
    { source: 'endsAt', kind: 'date', column: true, sortable: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
  ],
  create: true,
  edit: true,
  delete: true,
};
