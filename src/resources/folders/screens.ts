import { screensOf } from '../../custom/crud/screensOf';
import { folders } from '../../domain/contracts';

/** The standard screens of folders: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(folders, {
  fields: [
    { source: 'name', column: true },
    { source: 'parent', column: true, filter: true },
    { source: 'position', column: true },
    { source: 'createdAt' },
  ],
});
