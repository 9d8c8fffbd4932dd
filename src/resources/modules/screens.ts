import { screensOf } from '../../custom/crud/screensOf';
import { ReleaseDateField, ReleaseDateInput } from '../../custom/releases/ReleaseDateFields';
import { modules } from '../../domain/contracts';

/** The standard screens of modules: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(modules, {
  fields: [
    { source: 'title', column: true },
    { source: 'description' },
    { source: 'course', column: true, filter: 'alwaysOn' },
    { source: 'position', column: true },
    { source: 'isTemplate', column: true, filter: true },
    { source: 'releaseAt', render: ReleaseDateField, editor: ReleaseDateInput },
    { source: 'tags' },
    { source: 'chapters' },
    { source: 'createdAt' },
  ],
});
