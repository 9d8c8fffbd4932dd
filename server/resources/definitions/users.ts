import { users } from '../../../src/domain/contracts/users.ts';
import { FIRST_CONNECT_ROLE as FIRST_CONNECT, mayGiveRoles } from '../../../src/domain/roles.ts';
import { isPlatformStaff, NO_STRUCTURE } from '../../../src/domain/tenancy.ts';
import { unprocessable, violation } from '../../shared/errors.ts';
import { declareResource } from '../declare.ts';

export const usersDeclaration = declareResource(users, {
  table: 'users',
  fields: {
    accessRights: { joinTable: 'user_access_rights', ownColumn: 'user_id', otherColumn: 'access_right_id' },
    tags: { joinTable: 'user_tags', ownColumn: 'user_id', otherColumn: 'tag_id' },
    skills: { joinTable: 'user_skills', ownColumn: 'user_id', otherColumn: 'skill_id' },
    password: { column: 'password_hash' },
  },
  // A user created here has not chosen a password yet: the first login goes through a code, then a new password.
  prepareCreate(columns) {
    const roles = (columns.get('roles')?.value as string[] | undefined) ?? ['ROLE_USER'];
    columns.set('roles', { value: [...new Set([...roles, 'ROLE_FIRST_CONNECT'])], cast: 'text[]' });
  },
  async beforeWrite({ tx, mode, id, columns, session }) {
    const staff = isPlatformStaff(session.roles);
    // Who one is and what one may is decided by another: one's own roles and state are ignored, as a field
    // one may not write is (an administrator does not lock themselves out, nor out of their rank).
    if (mode === 'update' && id === session.userId && !staff) {
      columns.delete('roles');
      columns.delete('enabled');
    }
    const written = columns.get('roles');
    if (!written || !Array.isArray(written.value)) return;
    // First connection is the server's: a new user starts in it (prepareCreate), a change keeps it as it is.
    const given = (written.value as string[]).filter((role) => role !== FIRST_CONNECT);
    // Nobody gives a role above their own (a structure's administrator never makes platform staff); the rows
    // of those above are out of their reach already (`ranked`, src/domain/rights.ts).
    if (!staff && !mayGiveRoles(session.roles, given))
      throw unprocessable([
        violation('roles', 'role_above', 'Vous ne pouvez pas attribuer un rôle supérieur au vôtre.'),
      ]);
    if (mode === 'create') return;
    const [stored] = await tx.query<{ roles: string[] }>('SELECT roles FROM users WHERE id = $1', [id]);
    const kept = stored?.roles.includes(FIRST_CONNECT) ? [FIRST_CONNECT] : [];
    columns.set('roles', { ...written, value: [...new Set([...given, ...kept])] });
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
