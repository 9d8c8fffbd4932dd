import { describe, expect, it } from 'vitest';
import { allows, fieldWriteRole, GOVERNED_RESOURCES, isMine, mayWriteField, reach } from '../../src/domain/rights';
import { rolesAllow } from '../../src/providers/authProvider';
import { snackTypeOf } from '../../src/custom/snackbars/snacks';

/**
 * The back-office offers only what the session may do, from the same rights table as the server
 * (src/domain/rights.ts): per action, per record (one's own rows) and per field.
 */
const CONTRIBUTOR = ['ROLE_USER'];
const ADMIN = ['ROLE_ADMIN'];
const SUPER_ADMIN = ['ROLE_SUPER_ADMIN'];
const ME = 3;

describe('the rights table, on a record', () => {
  it("lets a contributor edit their own profile, an admin their structure's people up to their own rank", () => {
    expect(allows(CONTRIBUTOR, 'users', 'update', { id: ME }, ME)).toBe(true);
    expect(allows(CONTRIBUTOR, 'users', 'update', { id: 7 }, ME)).toBe(false);
    expect(allows(ADMIN, 'users', 'update', { id: 7, roles: ['ROLE_ADMIN'] }, ME)).toBe(true);
    expect(allows(ADMIN, 'users', 'delete', { id: 7, roles: ['ROLE_USER'] }, ME)).toBe(true);
    expect(allows(ADMIN, 'users', 'update', { id: 7, roles: ['ROLE_SUPER_ADMIN'] }, ME)).toBe(false);
    expect(allows(ADMIN, 'users', 'get', { id: 7, roles: ['ROLE_SUPER_ADMIN'] }, ME)).toBe(true);
    expect(allows(SUPER_ADMIN, 'users', 'update', { id: 7, roles: ['ROLE_SUPER_ADMIN'] }, ME)).toBe(true);
    // No record: whether some rows are reached (a route, a menu entry).
    expect(allows(ADMIN, 'users', 'update')).toBe(true);
    expect(allows(CONTRIBUTOR, 'users', 'delete')).toBe(false);
  });

  it('reads an owner given as an id or as an embedded summary', () => {
    expect(isMine('comments', { author: { id: ME, name: 'Camille' } }, ME)).toBe(false); // comments have no own rule
    expect(isMine('documents', { owner: { id: ME, name: 'Camille' }, context: null }, ME)).toBe(true);
    expect(isMine('documents', { owner: ME, context: null }, ME)).toBe(true);
    expect(isMine('documents', { owner: { id: 8, name: 'Alex' }, context: 'course_cover' }, ME)).toBe(true);
    expect(isMine('documents', { owner: { id: 8, name: 'Alex' }, context: 'support' }, ME)).toBe(false);
    expect(isMine('documents', { owner: null, context: null }, ME)).toBe(false);
  });

  it("keeps a contributor's tickets to their bug tickets", () => {
    expect(isMine('tickets', { author: { id: ME, name: 'Camille' }, type: 1 }, ME)).toBe(true);
    expect(isMine('tickets', { author: { id: ME, name: 'Camille' }, type: 2 }, ME)).toBe(false);
    expect(allows(CONTRIBUTOR, 'tickets', 'update', { author: { id: 9, name: 'Alex' }, type: 1 }, ME)).toBe(false);
  });

  it("lets an admin delete their own notes only; a super admin anyone's", () => {
    expect(allows(ADMIN, 'notes-bo', 'delete', { author: { id: ME, name: 'Moi' } }, ME)).toBe(true);
    expect(allows(ADMIN, 'notes-bo', 'delete', { author: { id: 5, name: 'Autre' } }, ME)).toBe(false);
    expect(allows(SUPER_ADMIN, 'notes-bo', 'delete', { author: { id: 5, name: 'Autre' } }, ME)).toBe(true);
  });
});

describe('the rights table, per field', () => {
  it('leaves who a user is and what they may to administrators, a password to platform staff', () => {
    for (const field of ['email', 'type', 'roles', 'enabled', 'accessRights']) {
      expect(fieldWriteRole('users', field)).toBe('ROLE_ADMIN');
      expect(mayWriteField(CONTRIBUTOR, 'users', field)).toBe(false);
      expect(mayWriteField(ADMIN, 'users', field)).toBe(true);
    }
    expect(mayWriteField(ADMIN, 'users', 'password')).toBe(false);
    expect(mayWriteField(SUPER_ADMIN, 'users', 'password')).toBe(true);
    for (const field of ['firstName', 'lastName', 'phone', 'locale'])
      expect(mayWriteField(CONTRIBUTOR, 'users', field)).toBe(true);
  });

  it('answers canAccess for `<resource>.<field>` from the record and the field', () => {
    expect(rolesAllow(CONTRIBUTOR, 'users.firstName', 'write', { id: ME }, ME)).toBe(true);
    expect(rolesAllow(CONTRIBUTOR, 'users.roles', 'write', { id: ME }, ME)).toBe(false);
    expect(rolesAllow(CONTRIBUTOR, 'users.roles', 'read', { id: ME }, ME)).toBe(true);
    expect(rolesAllow(CONTRIBUTOR, 'users.firstName', 'write', { id: 7 }, ME)).toBe(false);
    expect(rolesAllow(CONTRIBUTOR, 'tickets.status', 'edit')).toBe(false);
    expect(rolesAllow(ADMIN, 'tickets.status', 'edit')).toBe(true);
    expect(rolesAllow(CONTRIBUTOR, 'documents.context', 'write')).toBe(false);
  });

  it('maps react-admin actions and refuses unknown ones', () => {
    expect(rolesAllow(CONTRIBUTOR, 'courses', 'export')).toBe(true);
    expect(rolesAllow(CONTRIBUTOR, 'courses', 'delete')).toBe(false);
    expect(rolesAllow(SUPER_ADMIN, 'courses', 'delete')).toBe(true);
    expect(rolesAllow(SUPER_ADMIN, 'courses', 'launch')).toBe(false);
    expect(rolesAllow(ADMIN, 'folders', 'list')).toBe(false);
  });
});

describe('snackbar colours', () => {
  it("shows react-admin's saved messages as successes, every other type as given", () => {
    expect(snackTypeOf('info', 'resources.users.notifications.updated')).toBe('success');
    expect(snackTypeOf('info', 'ra.notification.deleted')).toBe('success');
    expect(snackTypeOf('info', 'ra.notification.created')).toBe('success');
    expect(snackTypeOf('info', 'app.auth.code.resent')).toBe('info');
    expect(snackTypeOf('error', 'ra.notification.updated')).toBe('error');
    expect(snackTypeOf('warning', 'x')).toBe('warning');
    expect(snackTypeOf('bogus', 'x')).toBe('info');
  });
});

describe('what a 409 says', () => {
  it('tells a non-empty folder from a folder changed meanwhile, in French', async () => {
    const { folderErrorMessage } = await import('../../src/custom/folders/folderErrors');
    const { fr } = await import('../../src/i18n/fr');
    const messages = fr as unknown as Record<string, Record<string, Record<string, Record<string, string>>>>;
    const translate = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages) as string;
    const referenced = folderErrorMessage({ status: 409, body: { reason: 'referenced' } }, translate as never);
    const stale = folderErrorMessage({ status: 409, body: { reason: 'stale' } }, translate as never);
    expect(referenced).toMatch(/n’est pas vide/);
    expect(stale).toMatch(/modifié ce dossier entre-temps/);
    expect(referenced).not.toBe(stale);
  });
});

describe("the rights table as a structure's grants change it", () => {
  const ADMIN_ROLES = ['ROLE_ADMIN'];
  it('grants and withdraws per role, never for platform staff nor on the platform’s own resources', () => {
    const grants = {
      'ROLE_ADMIN modules delete': false,
      'ROLE_USER tickets list': true,
      'ROLE_ADMIN languages create': true,
    };
    expect(reach(ADMIN_ROLES, 'modules', 'delete', grants)).toBe(false);
    expect(reach(ADMIN_ROLES, 'modules', 'delete')).toBe('all');
    // An administrator is their rank's cells, whatever users are given.
    expect(reach(ADMIN_ROLES, 'tickets', 'list', grants)).toBe('all');
    expect(reach(['ROLE_USER'], 'tickets', 'list', grants)).toBe('all');
    expect(reach(['ROLE_SUPER_ADMIN'], 'modules', 'delete', grants)).toBe('all');
    expect(reach(ADMIN_ROLES, 'languages', 'create', grants)).toBe(false);
    expect(GOVERNED_RESOURCES).not.toContain('languages');
    expect(GOVERNED_RESOURCES).not.toContain('audit-log');
    expect(GOVERNED_RESOURCES).toContain('users');
  });
});
