import { hasRole } from '../../domain/roles';
import { readTokenPayload } from '../../providers/session';
import { sessionStore } from '../../providers/sessionStore';

/** The signed-in user's id, from the stored token (no request). */
export function sessionUserId(): number | undefined {
  const token = sessionStore.getToken();
  const id = token ? readTokenPayload(token)?.employeeId : undefined;
  return id === undefined || id === null ? undefined : Number(id);
}

/** Whether the session may change users (the rights table: users' write is the super admin's). */
export const mayChangeUsers = () => hasRole(sessionStore.getRoles(), 'ROLE_SUPER_ADMIN');
