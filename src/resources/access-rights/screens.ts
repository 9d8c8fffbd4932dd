import { screensOf } from '../../custom/crud/screensOf';
import { accessRights } from '../../domain/contracts';

/** The standard screens of access-rights: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(accessRights, {
  fields: [
    { source: 'code', column: true },
    { source: 'label', column: true },
    { source: 'description' },
    { source: 'createdAt' },
  ],
});
