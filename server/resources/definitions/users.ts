import { users } from '../../../src/domain/contracts/users.ts';
import { NO_STRUCTURE } from '../../../src/domain/tenancy.ts';
import { declareResource } from '../declare.ts';

export const usersDeclaration = declareResource(users, {
  table: 'users',
  fields: {
    accessRights: { joinTable: 'user_access_rights', ownColumn: 'user_id', otherColumn: 'access_right_id' },
    password: { column: 'password_hash' },
  },
  // A user created here has not chosen a password yet: the first login goes through a code, then a new password.
  prepareCreate(columns) {
    const roles = (columns.get('roles')?.value as string[] | undefined) ?? ['ROLE_USER'];
    columns.set('roles', { value: [...new Set([...roles, 'ROLE_FIRST_CONNECT'])], cast: 'text[]' });
  },
  constraints: {
    users_email_key: { field: 'email', message: 'This e-mail address is already used.' },
    users_platform_staff: {
      field: 'company',
      code: NO_STRUCTURE,
      message: 'Only platform staff (ROLE_SUPER_ADMIN) may belong to no structure.',
    },
  },
});
