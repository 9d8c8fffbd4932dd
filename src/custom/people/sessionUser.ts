import { FIRST_CONNECT_ROLE, ROLES, mayGiveRoles } from '../../domain/roles';
import { sessionAllows, sessionAllowsAll } from '../../providers/authProvider';
import { readTokenPayload } from '../../providers/session';
import { sessionStore } from '../../providers/sessionStore';

/** The signed-in user's id, from the stored token (no request). */
export function sessionUserId(): number | undefined {
  const token = sessionStore.getToken();
  const id = token ? readTokenPayload(token)?.employeeId : undefined;
  return id === undefined || id === null ? undefined : Number(id);
}

/**
 * Whether the session may change users (the rights table, as the session's structure left it: its
 * administrators and platform staff), and this one when given: never one above the session's rank.
 */
export const mayChangeUsers = (record?: Readonly<Record<string, unknown>>) =>
  sessionAllowsAll('users', 'edit') && (record === undefined || sessionAllows('users', 'edit', record));

/** The roles the session may give (its own and those below; first connection is the server's to add). */
export const givableRoles = () =>
  ROLES.filter((role) => role !== FIRST_CONNECT_ROLE && mayGiveRoles(sessionStore.getRoles(), [role]));
