import { AUTH_ROUTES, nextStepOf } from '../../providers/authProvider';
import { isRestricted, readTokenPayload, type TokenPayload } from '../../providers/session';
import { sessionStore } from '../../providers/sessionStore';

/**
 * A page of the restricted session's steps (the code, then the new password) opens only when it is that
 * session's next step: otherwise where to go instead, the login when there is no such session.
 */
export function restrictedStep(
  step: (typeof AUTH_ROUTES)[keyof typeof AUTH_ROUTES],
): { payload: TokenPayload } | { redirect: string } {
  const token = sessionStore.getToken();
  const payload = token ? readTokenPayload(token) : undefined;
  if (!payload || !isRestricted(payload.role)) return { redirect: AUTH_ROUTES.login };
  const next = nextStepOf(payload);
  return next === step ? { payload } : { redirect: next };
}
