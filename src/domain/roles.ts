/** Roles of the platform, and the hierarchy both the server and the back-office apply. */
export const ROLES = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_FIRST_CONNECT'] as const;
export type Role = (typeof ROLES)[number];

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
