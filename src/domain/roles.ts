/** Roles of the platform, and the hierarchy both the server and the back-office apply. */
export const ROLES = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_FIRST_CONNECT'] as const;
export type Role = (typeof ROLES)[number];

/** A user who has not chosen a password yet: the server gives it to a new user, and ends it; nobody else does. */
export const FIRST_CONNECT_ROLE: Role = 'ROLE_FIRST_CONNECT';

/** A role reaches everything the roles it inherits reach. FIRST_CONNECT inherits nothing. */
const INHERITS: Record<Role, readonly Role[]> = {
  ROLE_SUPER_ADMIN: ['ROLE_ADMIN', 'ROLE_USER'],
  ROLE_ADMIN: ['ROLE_USER'],
  ROLE_USER: [],
  ROLE_FIRST_CONNECT: [],
};

export function isKnownRole(role: unknown): role is Role {
  return typeof role === 'string' && (ROLES as readonly string[]).includes(role);
}

/** Every role a session effectively holds once the hierarchy is expanded. */
export function expandRoles(roles: readonly string[]): Set<Role> {
  const held = new Set<Role>();
  for (const role of roles) {
    if (!isKnownRole(role)) continue;
    held.add(role);
    for (const inherited of INHERITS[role]) held.add(inherited);
  }
  return held;
}

export function hasRole(roles: readonly string[], needed: Role): boolean {
  return expandRoles(roles).has(needed);
}

/** The roles a session holds or stands above: never more than its own. First connection is the server's to add. */
export const rolesAbove = (roles: readonly string[]): Role[] => {
  const held = expandRoles(roles);
  return ROLES.filter((role) => role !== FIRST_CONNECT_ROLE && !held.has(role));
};

/** Whether a session may give these roles (to a user it invites or changes): only roles it holds itself. */
export const mayGiveRoles = (roles: readonly string[], given: readonly unknown[]): boolean => {
  const above = rolesAbove(roles) as readonly unknown[];
  return given.every((role) => !above.includes(role));
};
