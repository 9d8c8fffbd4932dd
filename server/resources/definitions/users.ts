import { ROLES } from '../../../src/domain/roles.ts';
import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const users: ResourceDeclaration = {
  name: 'users',
  type: 'User',
  table: 'users',
  fields: {
    email: { type: { kind: 'string', format: 'email', maxLength: 180 }, required: true },
    firstName: { type: { kind: 'string', maxLength: 100 }, required: true },
    lastName: { type: { kind: 'string', maxLength: 100 }, required: true },
    phone: { type: { kind: 'string', maxLength: 30 } },
    type: { type: { kind: 'enum', values: ['admin', 'contributor'] }, required: true },
    roles: { type: { kind: 'stringList', values: ROLES } },
    enabled: { type: { kind: 'boolean' } },
    locale: { type: { kind: 'enum', values: ['fr', 'en'] } },
    company: {
      type: { kind: 'computed', sql: `(SELECT json_build_object('id', c.id, 'name', c.name) FROM companies c WHERE c.id = t.company_id)` },
      readOnly: true,
    },
    accessRights: {
      type: { kind: 'relations', resource: 'access-rights', joinTable: 'user_access_rights', ownColumn: 'user_id', otherColumn: 'access_right_id' },
    },
    lastConnectionAt: { type: { kind: 'datetime' }, readOnly: true },
    password: { type: { kind: 'password' }, column: 'password_hash', writeOnly: true },
  },
  filters: ['type', 'enabled', 'q'],
  order: ['email', 'firstName', 'lastName', 'type', 'enabled', 'locale', 'lastConnectionAt', 'createdAt', 'updatedAt'],
  access: rightsOf('users'),
  // A user created here has not chosen a password yet: the first login goes through a code, then a new password.
  prepareCreate(columns) {
    const roles = (columns.get('roles')?.value as string[] | undefined) ?? ['ROLE_USER'];
    columns.set('roles', { value: [...new Set([...roles, 'ROLE_FIRST_CONNECT'])], cast: 'text[]' });
  },
  constraints: { users_email_key: { field: 'email', message: 'This e-mail address is already used.' } },
};
