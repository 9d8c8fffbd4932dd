import { addRefreshAuthToAuthProvider, HttpError, type AuthProvider } from 'react-admin';
import type { Grants } from '../domain/permissions';
import { allows, mayWriteField, reach, rightsOf, type Operation } from '../domain/rights';
import { isKnownRole } from '../domain/roles';
import { mayUseRecycleBin, RECYCLE_BIN } from '../domain/recycleBin';
import { mayChangeRecord, type SessionStructure } from '../domain/tenancy';
import { appStore } from './appStore';
import { grantsStore, type GrantsStore } from './grantsStore';
import {
  failedInEndedSession,
  httpClient,
  isAccessEnded,
  isSessionLost,
  refreshAuth,
  renewSession,
  signOut,
  type HttpClient,
} from './httpClient';
import { isExpired, isRestricted, openSession, readTokenPayload, SessionRefused, type TokenPayload } from './session';
import { SIDE_BLOCK_HISTORY_KEY, sessionStore, type KeyValueStorage, type SessionStore } from './sessionStore';
import { chosenStructure, currentStructure, structureOf } from './structureChoice';
import { tabSessions } from './tabSessions';
import { UNSUBSCRIBE_ROUTE } from '../domain/learningMail';

/** The screens of the sign-in flows; all are public (no session check), like the sign-up's pages below. */
export const AUTH_ROUTES = {
  login: '/login',
  logout: '/logout',
  forgotPassword: '/forgot-password',
  code: '/verify-code',
  newPassword: '/new-password',
  /** An invited user's e-mail and mailed code. */
  invitation: '/invitation',
} as const;

// With the sign-up's pages, and the page of a mail's opt-out link, whose token says who.
const PUBLIC_ROUTES = new Set<string>([
  ...Object.values(AUTH_ROUTES),
  '/register',
  '/onboard',
  '/onboard/success',
  UNSUBSCRIBE_ROUTE,
]);

export const isPublicRoute = (path: string) => PUBLIC_ROUTES.has(path.replace(/\/+$/, '') || '/');

/** Where a restricted session (ROLE_FIRST_CONNECT) goes on: the code first, then the new password. */
export const nextStepOf = (payload: TokenPayload) =>
  payload.scope === 'password' ? AUTH_ROUTES.newPassword : AUTH_ROUTES.code;

// react-admin's actions as operations of the rights table (domain/rights.ts); others are refused.
const OPERATIONS: Readonly<Record<string, Operation>> = {
  list: 'list',
  export: 'list',
  show: 'get',
  read: 'get',
  edit: 'update',
  create: 'create',
  clone: 'create',
  delete: 'delete',
};

type AnyRecord = Readonly<Record<string, unknown>>;

/**
 * Whether these roles may take a react-admin action (`list`, `edit`...) on a resource, or on one record of
 * it: a session that reaches only its own rows may edit its own profile, not another user's. A field is
 * asked for as `<resource>.<field>`: `read` follows the resource's, `write` / `edit` the field's own role
 * (the rights table's `fields`) on top of the record's. With the session's `structure`, a record is changed
 * (edited, deleted) only from its own structure: a catalogue course is read, never changed, from inside one.
 * `grants`: what the session's structure changed of the table (the rights screen).
 */
export function rolesAllow(
  roles: readonly string[],
  resource: string,
  action: string,
  record?: AnyRecord,
  userId?: number,
  structure?: SessionStructure,
  grants?: Grants,
): boolean {
  const dot = resource.indexOf('.');
  if (dot > 0) {
    const [base, field] = [resource.slice(0, dot), resource.slice(dot + 1)];
    if (action === 'read' || action === 'show')
      return rolesAllow(roles, base, 'show', record, userId, structure, grants);
    if (action !== 'write' && action !== 'edit') return false;
    return rolesAllow(roles, base, 'edit', record, userId, structure, grants) && mayWriteField(roles, base, field);
  }
  const operation = OPERATIONS[action];
  if (operation === undefined || !allows(roles, resource, operation, record, userId, grants)) return false;
  // The bin shows only what the session may delete: without any such right, nothing to open.
  if (resource === RECYCLE_BIN && !mayUseRecycleBin(roles, grants)) return false;
  if (!record || !structure || (operation !== 'update' && operation !== 'delete')) return true;
  return mayChangeRecord(rightsOf(resource).tenancy, record, structure);
}

/** The session's user id, from its token (the API's `employeeId`). */
function sessionUserId(session: SessionStore): number | undefined {
  const token = session.getToken();
  const id = token ? readTokenPayload(token)?.employeeId : undefined;
  return id === undefined ? undefined : Number(id);
}

/**
 * The same answer as `canAccess`, at once: the rights are a table read with the session's roles, so the
 * menu and the list need not wait a round of react-query (and a render) for them before showing.
 */
export const sessionAllows = (resource: string, action: string, record?: AnyRecord) =>
  rolesAllow(
    sessionStore.getRoles(),
    resource,
    action,
    record,
    sessionUserId(sessionStore),
    currentStructure(),
    grantsStore.current(),
  );

/**
 * Whether the session may take an action on every record of a resource, not only its own (bulk actions).
 * Inside a structure, a list of content holds the catalogue's rows too, which it may not change.
 */
export function sessionAllowsAll(resource: string, action: string): boolean {
  const operation = OPERATIONS[action];
  if (operation === undefined || reach(sessionStore.getRoles(), resource, operation, grantsStore.current()) !== 'all')
    return false;
  return (
    operation === 'list' ||
    operation === 'get' ||
    currentStructure().allStructures ||
    rightsOf(resource).tenancy.rows !== 'catalogue'
  );
}

/**
 * What the session check concludes, from the stored tokens alone. A restricted session left its code or
 * password step: it does not open the back-office, as if there were none.
 */
export function sessionState(session: SessionStore, nowMs: number): 'open' | 'none' | 'expired' {
  const token = session.getToken();
  const payload = token && session.getRefreshToken() ? readTokenPayload(token) : undefined;
  if (!payload || !session.getRoles().some(isKnownRole) || isRestricted(payload.role)) return 'none';
  return isExpired(payload, nowMs) ? 'expired' : 'open';
}

export interface LoginParams {
  email?: string;
  username?: string;
  password?: string;
  /** Opens the full session from the current one, once its new password is set (no credentials). */
  renew?: boolean;
}

/** The message of a failed login, shown above the sign-in form: a translation key. */
export function loginFailure(error: unknown): string {
  if (error instanceof SessionRefused) return error.reason;
  if (error instanceof HttpError && error.status === 401) return 'app.auth.invalid_credentials';
  if (error instanceof HttpError && isAccessEnded(error.status, error.body)) return 'app.auth.access_ended';
  if (error instanceof HttpError && error.status === 429) return 'app.http.too_many_requests';
  if (error instanceof HttpError && error.status === 0) return 'app.http.network';
  return 'app.auth.login_error';
}

export interface AuthDeps {
  http: HttpClient;
  session: SessionStore;
  renewSession: () => Promise<void>;
  /** Ends the session on the server before it is forgotten here (best effort, never throws). */
  signOut?: () => Promise<void>;
  /** Tells the browser's other tabs that this one signed out (they sign out too). */
  signedOut?: () => void;
  /** Where the side-block history lives (localStorage in the browser). */
  preferences: () => KeyValueStorage;
  /** The app's current route, e.g. `/users`. */
  route: () => string;
  now?: () => number;
  /** The language the user chose on their account page, applied when they sign in. */
  applyLocale?: (locale: string) => void;
  /** The structure platform staff chose in the switcher (its id); none: all structures. */
  chosenStructure?: () => number | null | undefined;
  /** The session's structure's rights, as the rights screen left them (read once a session). */
  grants?: GrantsStore;
}

// The route is after the hash (react-admin's hash router).
const hashRoute = () => window.location.hash.replace(/^#/, '').split('?')[0] || '/';

/**
 * The session's owner (ARCHITECTURE.md, How data flows): login, logout, the session check, what to do
 * with an API error, identity, roles and rights, all from the tokens in the session store.
 */
export function createAuthProvider({
  http,
  session,
  renewSession,
  signOut,
  signedOut,
  preferences,
  route,
  now = Date.now,
  applyLocale,
  chosenStructure: chosen = () => null,
  grants = grantsStore,
}: AuthDeps): AuthProvider {
  // The structure's rights of the signed-in user, before any answer of canAccess.
  const ensureGrants = async () => {
    const userId = sessionUserId(session);
    if (userId !== undefined && sessionState(session, now()) !== 'none')
      await grants.ensure(http, String(userId), session.getRoles());
  };
  return {
    async login({ email, username, password, renew }: LoginParams) {
      try {
        let payload: TokenPayload | undefined;
        if (renew) {
          await renewSession();
          payload = readTokenPayload(session.getToken() ?? '');
          if (!payload) throw new SessionRefused('app.auth.no_token');
        } else {
          const { json } = await http('/api/auth/token', {
            method: 'POST',
            body: JSON.stringify({ login: email ?? username, password }),
            secured: false,
          });
          payload = openSession(json, session);
        }
        // A first connection: the server has just e-mailed a code.
        if (isRestricted(payload.role)) return { redirectTo: nextStepOf(payload) };
        grants.forget();
        await ensureGrants();
        if (applyLocale) {
          // Best effort: the session is open whether or not the user's language could be read.
          const { json } = await http(`/api/users/${encodeURIComponent(payload.employeeId)}`).catch(() => ({
            json: undefined,
          }));
          if (typeof json?.locale === 'string') applyLocale(json.locale);
        }
        return undefined;
      } catch (error) {
        throw new Error(loginFailure(error), { cause: error });
      }
    },

    async logout() {
      // Only a tab that had a session signs the others out: react-admin also logs out a tab that never
      // had one (its sign-in page), and a tab whose session was lost ends only its own.
      const hadSession = Boolean(session.getToken());
      await signOut?.();
      session.clear();
      grants.forget();
      if (hadSession) signedOut?.();
      preferences().removeItem(SIDE_BLOCK_HISTORY_KEY);
    },

    // react-admin's wrapper has already renewed an expired token (refreshAuth) when this runs.
    async checkAuth() {
      if (isPublicRoute(route())) return;
      const state = sessionState(session, now());
      // No session is a plain visit, not an error: off to the login page without a message.
      if (state === 'none') throw { message: false };
      if (state === 'expired') throw new Error('ra.notification.logged_out');
      // The screens read the rights at once (sessionAllows): the structure's are in before the first one.
      await ensureGrants();
    },

    // A 401 means the session is gone (the http client renews an expired token first, and retries once
    // on a 401): react-admin logs out. When the http client ended the session itself, it has already told
    // the user. A 403 is a right the session lacks: it stays, and the screen shows the error.
    async checkError(error: { status?: number }) {
      if (error?.status !== 401) return;
      // A call still out when the user signed out answers 401 after they signed in again: not this session's.
      if (failedInEndedSession(error, session.getToken())) return;
      if (isSessionLost(error)) throw { message: false };
      throw new Error('ra.notification.logged_out');
    },

    async getIdentity() {
      const token = session.getToken();
      const payload = token ? readTokenPayload(token) : undefined;
      if (!payload) throw new Error('ra.auth.auth_check_error');
      const identity = { id: payload.employeeId, fullName: payload.username };
      try {
        const { json } = await http(`/api/users/${encodeURIComponent(payload.employeeId)}`);
        const fullName = [json?.firstName, json?.lastName].filter((part) => typeof part === 'string' && part).join(' ');
        return fullName ? { ...identity, fullName } : identity;
      } catch {
        return identity;
      }
    },

    getPermissions: async () => session.getRoles(),

    async canAccess({ resource, action, record }) {
      await ensureGrants();
      return rolesAllow(
        session.getRoles(),
        resource,
        action,
        record,
        sessionUserId(session),
        structureOf(session, chosen()),
        grants.current(),
      );
    },
  };
}

export const authProvider: AuthProvider = addRefreshAuthToAuthProvider(
  createAuthProvider({
    http: httpClient,
    session: sessionStore,
    renewSession,
    signOut,
    signedOut: () => tabSessions.signedOut(),
    preferences: () => localStorage,
    route: hashRoute,
    applyLocale: (locale) => appStore.setItem('locale', locale),
    chosenStructure: () => chosenStructure()?.id,
  }),
  refreshAuth,
);
