import { screensOf } from '../../custom/crud/screensOf';
import { StructureInvitation } from '../../custom/people/StructureInvitation';
import { users } from '../../domain/contracts';

/** The users list: its fields as the API serves them (API.md, Resources); a user's page, edit screen and invitation are beside it (UserPage, UserEdit, InviteUser). */
export const config = screensOf(users, {
  fields: [
    { source: 'firstName', column: true },
    { source: 'lastName', column: true },
    { source: 'email', column: true },
    { source: 'phone' },
    { source: 'type', column: true, filter: 'alwaysOn' },
    { source: 'roles' },
    { source: 'enabled', column: true, filter: true },
    { source: 'locale' },
    { source: 'company' },
    { source: 'accessRights' },
    { source: 'tags' },
    { source: 'skills' },
    { source: 'lastConnectionAt', column: true },
    { source: 'password', createOnly: true },
    { source: 'createdAt' },
    { source: 'updatedAt' },
  ],
  // A super admin invites a new structure from here.
  listHeader: StructureInvitation,
  // On a phone: the name, the e-mail address and the role (and the structure, across every structure).
  phoneLine: { facts: ['email'], status: ['type'] },
});
