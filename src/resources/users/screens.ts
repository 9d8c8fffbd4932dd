import type { ScreensConfig } from '../../custom/crud/fieldSpec';
import { StructureInvitation } from '../../custom/people/StructureInvitation';

/** The users list: its fields as the API serves them (API.md, Resources); a user's page, edit screen and invitation are src/custom/people. */
export const config: ScreensConfig = {
  fields: [
    { source: 'firstName', kind: 'text', required: true, maxLength: 100, column: true, sortable: true },
    { source: 'lastName', kind: 'text', required: true, maxLength: 100, column: true, sortable: true },
    { source: 'email', kind: 'email', required: true, maxLength: 180, column: true, sortable: true },
    { source: 'phone', kind: 'text', maxLength: 30 },
    { source: 'type', kind: 'enum', choices: ['admin', 'contributor'], choiceGroup: 'userType', required: true, column: true, sortable: true, filter: 'alwaysOn' },
    { source: 'roles', kind: 'list', choices: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_FIRST_CONNECT'], choiceGroup: 'role' },
    { source: 'enabled', kind: 'boolean', column: true, sortable: true, filter: true },
    { source: 'locale', kind: 'enum', choices: ['fr', 'en'], choiceGroup: 'locale' },
    { source: 'company', kind: 'summary', readOnly: true },
    { source: 'accessRights', kind: 'references', reference: 'access-rights' },
    { source: 'lastConnectionAt', kind: 'date', column: true, sortable: true, readOnly: true },
    { source: 'password', kind: 'password', createOnly: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
    { source: 'updatedAt', kind: 'date', readOnly: true },
  ],
  search: true,
  // Issue 17: a super admin invites a new structure from here.
  listHeader: StructureInvitation,
  create: true,
  edit: true,
  delete: true,
};
