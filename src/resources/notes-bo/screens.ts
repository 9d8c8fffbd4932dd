import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of notes-bo: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'content', kind: 'longText', required: true, column: true },
    { source: 'pinned', kind: 'boolean', column: true, sortable: true },
    { source: 'author', kind: 'summary', reference: 'users', column: true, readOnly: true },
    { source: 'user', kind: 'reference', reference: 'users', filter: true },
    { source: 'ticket', kind: 'reference', reference: 'tickets', filter: true },
    { source: 'course', kind: 'reference', reference: 'courses', filter: true },
    { source: 'createdAt', kind: 'date', column: true, sortable: true, readOnly: true },
  ],
  create: true,
  edit: true,
  delete: true,
};
