import { hasRole, type Role } from './roles';

/**
 * The rights screen's facts: platform staff grant or withdraw, per structure, what each of the structure's
 * roles may do on a resource (role x resource x operation, as ra-rbac's roles and permissions). What is not
 * changed is the rights table of src/domain/rights.ts, the defaults; the server stores the changes only
 * (`role_permissions`, migration 0039) and reads them on every check, the back-office's `canAccess` too.
 */

/** The roles of a structure's people, highest first: platform staff are no structure's role. */
export const STRUCTURE_ROLES = ['ROLE_ADMIN', 'ROLE_USER'] as const satisfies readonly Role[];
export type StructureRole = (typeof STRUCTURE_ROLES)[number];

/** The operations of the rights table (src/domain/rights.ts), each a column of the rights screen. */
export const PERMISSION_OPERATIONS = ['list', 'get', 'create', 'update', 'delete'] as const;
export type Operation = (typeof PERMISSION_OPERATIONS)[number];

/** A structure's changes to the rights table: `grantKey(...)` -> granted (true) or withdrawn (false). */
export type Grants = Readonly<Record<string, boolean>>;

export const NO_GRANTS: Grants = Object.freeze({});

export const grantKey = (role: StructureRole, resource: string, operation: Operation): string =>
  `${role} ${resource} ${operation}`;

/**
 * The one structure role whose cells apply to a session: its highest. An administrator is also a user by the
 * hierarchy, but a right withdrawn from administrators is withdrawn from them whatever users keep.
 */
export const rankOf = (roles: readonly string[]): StructureRole | undefined =>
  STRUCTURE_ROLES.find((role) => hasRole(roles, role));

export const isStructureRole = (value: unknown): value is StructureRole =>
  (STRUCTURE_ROLES as readonly unknown[]).includes(value);

export const isPermissionOperation = (value: unknown): value is Operation =>
  (PERMISSION_OPERATIONS as readonly unknown[]).includes(value);
