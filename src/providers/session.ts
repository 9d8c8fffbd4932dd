import { jwtDecode } from 'jwt-decode';
import { isKnownRole } from '../domain/roles';
import { sessionStore } from './sessionStore';

/** The access token's payload (API.md, Authentication). */
export interface TokenPayload {
  role: string[];
  exp: number;
  iat?: number;
  company?: number | null;
  employeeId: number;
  username: string;
}

export function readTokenPayload(token: string): TokenPayload | undefined {
  try {
    const payload = jwtDecode<Partial<TokenPayload>>(token);
    return Array.isArray(payload.role) ? (payload as TokenPayload) : undefined;
  } catch {
    return undefined;
  }
}

/** Why an answer of the auth API does not open a session; each is a translation key. */
export class SessionRefused extends Error {
  constructor(readonly reason: 'app.auth.no_token' | 'app.auth.role_refused') {
    super(reason);
  }
}

/**
 * Opens (or renews) the session from an auth answer `{token, refresh_token}`: accepted only when both
 * tokens are there and the token's roles hold a role the back-office knows (spec, section 5).
 * Login uses it now; the refresh and the code check will too.
 */
export function openSession(answer: unknown): TokenPayload {
  const { token, refresh_token: refreshToken } = (answer ?? {}) as { token?: unknown; refresh_token?: unknown };
  if (typeof token !== 'string' || !token || typeof refreshToken !== 'string' || !refreshToken)
    throw new SessionRefused('app.auth.no_token');
  const payload = readTokenPayload(token);
  if (!payload?.role.some(isKnownRole)) throw new SessionRefused('app.auth.role_refused');
  sessionStore.save({ token, refreshToken, roles: payload.role });
  return payload;
}
