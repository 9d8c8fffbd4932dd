import { screensOf } from '../../custom/crud/screensOf';
import { ReleaseDateField, ReleaseDateInput } from '../../custom/releases/ReleaseDateFields';
import { chapters } from '../../domain/contracts';

/** The standard screens of chapters: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(chapters, {
  fields: [
    { source: 'title', column: true },
    { source: 'description' },
    { source: 'module', column: true, filter: 'alwaysOn' },
    { source: 'position', column: true },
    { source: 'isTemplate', column: true, filter: true },
    { source: 'releaseAt', render: ReleaseDateField, editor: ReleaseDateInput },
    { source: 'estimatedMinutes', column: true },
    { source: 'unlocks' },
    { source: 'parts' },
    { source: 'createdAt' },
  ],
});
