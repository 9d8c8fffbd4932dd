import { describe, expect, it } from 'vitest';
import { rolesAllowRecord } from '../../src/providers/authProvider';

/** Issue 16: the back-office offers a user's edit only where the server takes it. */
describe('rights on a user record', () => {
  it("lets an admin or a contributor edit their own user, not another's", () => {
    for (const roles of [['ROLE_ADMIN'], ['ROLE_USER']]) {
      expect(rolesAllowRecord(roles, 'users', 'edit', { id: 7 }, '7')).toBe(true);
      expect(rolesAllowRecord(roles, 'users', 'edit', { id: 8 }, '7')).toBe(false);
    }
    expect(rolesAllowRecord(['ROLE_ADMIN'], 'users', 'show', { id: 8 }, '7')).toBe(true);
    expect(rolesAllowRecord(['ROLE_USER'], 'users', 'show', { id: 8 }, '7')).toBe(false);
  });

  it("lets a super admin edit anyone, and answers as the table without a record", () => {
    expect(rolesAllowRecord(['ROLE_SUPER_ADMIN'], 'users', 'edit', { id: 8 }, '7')).toBe(true);
    expect(rolesAllowRecord(['ROLE_ADMIN'], 'users', 'edit', undefined, '7')).toBe(true);
    expect(rolesAllowRecord(['ROLE_ADMIN'], 'users', 'delete', { id: 7 }, '7')).toBe(false);
    expect(rolesAllowRecord(['ROLE_ADMIN'], 'access-rights', 'list', undefined, '7')).toBe(true);
    expect(rolesAllowRecord(['ROLE_ADMIN'], 'access-rights', 'create', undefined, '7')).toBe(false);
  });
});
