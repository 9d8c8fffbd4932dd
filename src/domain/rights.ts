import { hasRole, type Role } from './roles.ts';

/**
 * API.md's "Roles and rights" matrix: one table, read by the server (every route enforces it) and by the
 * back-office (`canAccess`: menus and pages show only what the session may open).
 */
export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';

export interface OwnRule {
  /** Roles that, below the resource's access, still reach their own rows with these operations. */
  roles: readonly Role[];
  operations: readonly Operation[];
}

export interface ResourceRights {
  read: Role;
  write: Role;
  /** Defaults to `write`. */
  delete?: Role;
  own?: readonly OwnRule[];
}

// By area. "all" for the super admin includes delete; "read, write" does not.
const CONTENT: ResourceRights = { read: 'ROLE_USER', write: 'ROLE_USER', delete: 'ROLE_SUPER_ADMIN' };
const SUPPORT: ResourceRights = { read: 'ROLE_ADMIN', write: 'ROLE_ADMIN', delete: 'ROLE_SUPER_ADMIN' };
const ADMINISTRATION: ResourceRights = { read: 'ROLE_SUPER_ADMIN', write: 'ROLE_SUPER_ADMIN' };

export const RESOURCE_RIGHTS: Readonly<Record<string, ResourceRights>> = {
  courses: CONTENT,
  modules: CONTENT,
  chapters: CONTENT,
  'chapter-parts': CONTENT,
  tags: CONTENT,
  skills: CONTENT,
  comments: CONTENT,
  documents: {
    read: 'ROLE_ADMIN',
    write: 'ROLE_ADMIN',
    delete: 'ROLE_SUPER_ADMIN',
    // Documents also hold support attachments, onboarding files and learners' answers: a contributor's
    // "own" rows are course content documents and their own uploads (docs/SECURITY.md; the SQL is
    // server/resources/definitions/documents.ts). An upload is the create.
    own: [{ roles: ['ROLE_USER'], operations: ['list', 'get', 'create', 'update'] }],
  },
  languages: CONTENT,
  tickets: {
    ...SUPPORT,
    // A contributor reports bugs and follows their own bug tickets.
    own: [{ roles: ['ROLE_USER'], operations: ['list', 'get', 'create', 'update'] }],
  },
  // Issue 11: support staff delete their own internal notes; anyone's only with the super admin's "all".
  'notes-bo': { ...SUPPORT, own: [{ roles: ['ROLE_ADMIN'], operations: ['delete'] }] },
  'notification-templates': SUPPORT,
  participations: SUPPORT,
  'user-supervisions': SUPPORT,
  'chapter-validations': SUPPORT,
  'chapter-part-responses': SUPPORT,
  users: {
    read: 'ROLE_ADMIN',
    write: 'ROLE_SUPER_ADMIN',
    own: [
      { roles: ['ROLE_USER'], operations: ['list', 'get', 'update'] },
      { roles: ['ROLE_FIRST_CONNECT'], operations: ['get'] },
    ],
  },
  // Issue 16: admins read a user's page whole, with its access rights' names and its sign-ins.
  'user-connections': { ...ADMINISTRATION, read: 'ROLE_ADMIN', own: [{ roles: ['ROLE_USER'], operations: ['list', 'get'] }] },
  'access-rights': { ...ADMINISTRATION, read: 'ROLE_ADMIN' },
  sheets: ADMINISTRATION,
  folders: ADMINISTRATION,
  imports: ADMINISTRATION,
  'system-configurations': ADMINISTRATION,
  'error-calls': ADMINISTRATION,
  countries: { read: 'ROLE_USER', write: 'ROLE_SUPER_ADMIN' },
};

export function rightsOf(resource: string): ResourceRights {
  const rights = RESOURCE_RIGHTS[resource];
  if (!rights) throw new Error(`No rights are declared for ${resource}.`);
  return rights;
}

export function roleNeeded(rights: ResourceRights, operation: Operation): Role {
  if (operation === 'list' || operation === 'get') return rights.read;
  if (operation === 'delete') return rights.delete ?? rights.write;
  return rights.write;
}

/** `all` rows, only the session's `own` rows, or nothing. */
export function reach(roles: readonly string[], resource: string, operation: Operation): 'all' | 'own' | false {
  const rights = RESOURCE_RIGHTS[resource];
  if (!rights) return false;
  if (hasRole(roles, roleNeeded(rights, operation))) return 'all';
  const own = rights.own?.some((rule) => rule.operations.includes(operation) && rule.roles.some((role) => hasRole(roles, role)));
  return own ? 'own' : false;
}
