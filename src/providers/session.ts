import { jwtDecode } from 'jwt-decode';
import { isKnownRole } from '../domain/roles';
import { sessionStore, type SessionStore } from './sessionStore';

/** The access token's payload (API.md, Authentication). */
export interface TokenPayload {
  role: string[];
  exp: number;
  iat?: number;
  company?: number | null;
  employeeId: number;
  username: string;
  /** The reference server's step of a restricted session: the e-mailed code, then the new password. */
  scope?: 'full' | 'code' | 'password';
}

/*
 * The last token read and its payload: the rights are asked of the token many times a render (each row of a
 * large outline asks what it may offer), and decoding it each time cost more than the rows themselves.
 */
let lastRead: { token: string; payload: Readonly<TokenPayload> | undefined } | undefined;

export function readTokenPayload(token: string): Readonly<TokenPayload> | undefined {
  if (lastRead?.token === token) return lastRead.payload;
  let payload: TokenPayload | undefined;
  try {
    const decoded = jwtDecode<Partial<TokenPayload>>(token);
    payload = Array.isArray(decoded.role) && typeof decoded.exp === 'number' ? (decoded as TokenPayload) : undefined;
  } catch {
    payload = undefined;
  }
  lastRead = { token, payload: payload && Object.freeze(payload) };
  return lastRead.payload;
}

/** A session is expired when the current time in seconds is greater than the token's `exp` (a JWT counts seconds). */
export function isExpired(payload: Pick<TokenPayload, 'exp'>, nowMs: number = Date.now()): boolean {
  return nowMs / 1000 > payload.exp;
}

// Refreshing a little early spares a call that would fail on its way; never more than a tenth of the
// token's life, so that a short-lived token (JWT_TTL of a few seconds in tests) is not refreshed at once.
const REFRESH_MARGIN_SECONDS = 5;

/** Whether a secured call should renew the access token first: expired, or about to be, or unreadable. */
export function needsRefresh(token: string, nowMs: number = Date.now()): boolean {
  const payload = readTokenPayload(token);
  if (!payload) return true;
  const life = payload.iat === undefined ? Infinity : payload.exp - payload.iat;
  return isExpired({ exp: payload.exp - Math.min(REFRESH_MARGIN_SECONDS, life / 10) }, nowMs);
}

/** A session that holds only ROLE_FIRST_CONNECT may check its code and set a password, nothing else. */
export const isRestricted = (roles: readonly string[]) =>
  roles.length > 0 && roles.every((role) => role === 'ROLE_FIRST_CONNECT');

/** Why an answer of the auth API does not open a session; each is a translation key. */
export class SessionRefused extends Error {
  constructor(readonly reason: 'app.auth.no_token' | 'app.auth.role_refused') {
    super(reason);
  }
}

/**
 * Opens (or renews) the session from an auth answer `{token, refresh_token}`: accepted only when both
 * tokens are there and the token's roles hold a role the back-office knows. Login,
 * refresh, reset request and code check all go through here.
 */
/** What the server answers when it opens a session: the pair of tokens. */
export interface SessionTokens {
  token: string;
  refresh_token: string;
}

export function openSession(answer: unknown, store: SessionStore = sessionStore): TokenPayload {
  const { token, refresh_token: refreshToken } = (answer ?? {}) as { token?: unknown; refresh_token?: unknown };
  if (typeof token !== 'string' || !token || typeof refreshToken !== 'string' || !refreshToken)
    throw new SessionRefused('app.auth.no_token');
  const payload = readTokenPayload(token);
  if (!payload?.role.some(isKnownRole)) throw new SessionRefused('app.auth.role_refused');
  store.save({ token, refreshToken, roles: payload.role });
  return payload;
}
