import { addRefreshAuthToAuthProvider, HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import {
  codeCheckFailure,
  newPasswordFailure,
  resendFailure,
  resetRequestFailure,
} from '../../src/custom/auth/authFailures.ts';
import { meetsPasswordPolicy } from '../../src/custom/auth/passwordRules.ts';
import { en } from '../../src/i18n/en.ts';
import { fr } from '../../src/i18n/fr.ts';
import { AUTH_ROUTES, createAuthProvider, isPublicRoute, loginFailure } from '../../src/providers/authProvider.ts';
import { createGrantsStore, ROLE_PERMISSIONS_PATH } from '../../src/providers/grantsStore.ts';
import { createHttpClient, sessionLost, violationsToErrors, type HttpClient } from '../../src/providers/httpClient.ts';
import { isExpired, openSession, SessionRefused } from '../../src/providers/session.ts';
import { createSessionStore, memoryStorage, SIDE_BLOCK_HISTORY_KEY } from '../../src/providers/sessionStore.ts';

function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const tokenFor = (role: string[], exp = nowSeconds() + 3600, scope = 'full') =>
  jwt({ role, exp, iat: exp - 3600, company: 1, employeeId: 12, username: 'camille@demo.fr', scope });

function harness(http: HttpClient = vi.fn(), route = '/users') {
  const storage = memoryStorage();
  const preferences = memoryStorage();
  const session = createSessionStore(() => storage, 'test');
  const renewSession = vi.fn(async (): Promise<void> => undefined);
  const provider = createAuthProvider({
    http,
    session,
    renewSession,
    preferences: () => preferences,
    route: () => route,
    grants: createGrantsStore(),
  });
  return { provider, session, storage, preferences, renewSession };
}

const answer = (json: unknown) =>
  vi.fn(async () => ({ status: 200, headers: new Headers(), body: JSON.stringify(json), json }));

describe('login acceptance', () => {
  const store = () => {
    const storage = memoryStorage();
    return { storage, session: createSessionStore(() => storage, 'test') };
  };

  it('refuses an answer without both tokens', () => {
    const { session, storage } = store();
    expect(() => openSession({ token: tokenFor(['ROLE_ADMIN']) }, session)).toThrow(SessionRefused);
    expect(() => openSession({ refresh_token: 'r' }, session)).toThrow('app.auth.no_token');
    expect(() => openSession(undefined, session)).toThrow('app.auth.no_token');
    expect(storage.size).toBe(0);
  });

  it('refuses a token whose roles hold no known role', () => {
    const { session, storage } = store();
    expect(() => openSession({ token: tokenFor(['ROLE_GUEST']), refresh_token: 'r' }, session)).toThrow(
      'app.auth.role_refused',
    );
    expect(() => openSession({ token: 'not-a-jwt', refresh_token: 'r' }, session)).toThrow('app.auth.role_refused');
    expect(storage.size).toBe(0);
  });

  it('accepts each known role, ROLE_FIRST_CONNECT included, and stores tokens and roles', () => {
    for (const role of ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_FIRST_CONNECT']) {
      const { session } = store();
      const token = tokenFor([role]);
      expect(openSession({ token, refresh_token: 'r' }, session).role).toEqual([role]);
      expect(session.getToken()).toBe(token);
      expect(session.getRefreshToken()).toBe('r');
      expect(session.getRoles()).toEqual([role]);
    }
  });

  it('logs in with {login, password}, unsecured; a first connection goes on to the code step', async () => {
    const http = answer({ token: tokenFor(['ROLE_FIRST_CONNECT'], undefined, 'code'), refresh_token: 'r' });
    const { provider, session } = harness(http);
    await expect(provider.login({ email: 'camille@demo.fr', password: 'secret' })).resolves.toEqual({
      redirectTo: AUTH_ROUTES.code,
    });
    expect(http).toHaveBeenCalledWith(
      '/api/auth/token',
      expect.objectContaining({
        method: 'POST',
        secured: false,
        body: JSON.stringify({ login: 'camille@demo.fr', password: 'secret' }),
      }),
    );
    expect(session.getRoles()).toEqual(['ROLE_FIRST_CONNECT']);

    const full = harness(answer({ token: tokenFor(['ROLE_USER']), refresh_token: 'r' }));
    await expect(full.provider.login({ email: 'camille@demo.fr', password: 'secret' })).resolves.toBeUndefined();
  });

  it('turns a failed login into the inline message’s key', async () => {
    const refused = harness(vi.fn(async () => Promise.reject(new HttpError('x', 401, {}))));
    await expect(refused.provider.login({ email: 'a', password: 'b' })).rejects.toThrow('app.auth.invalid_credentials');
    const unknownRole = harness(answer({ token: tokenFor(['ROLE_GUEST']), refresh_token: 'r' }));
    await expect(unknownRole.provider.login({ email: 'a', password: 'b' })).rejects.toThrow('app.auth.role_refused');
    expect(unknownRole.storage.size).toBe(0);
    expect(loginFailure(new HttpError('x', 429, {}))).toBe('app.http.too_many_requests');
    expect(loginFailure(new HttpError('x', 403, { description: 'access_ended' }))).toBe('app.auth.access_ended');
    expect(loginFailure(new HttpError('x', 403, {}))).toBe('app.auth.login_error');
    expect(loginFailure(new HttpError('x', 0, {}))).toBe('app.http.network');
    expect(loginFailure(new Error('boom'))).toBe('app.auth.login_error');
  });

  it('opens the full session after a new password by renewing the restricted one', async () => {
    const { provider, session, renewSession } = harness();
    renewSession.mockImplementation(async () =>
      session.save({ token: tokenFor(['ROLE_USER']), refreshToken: 'r2', roles: ['ROLE_USER'] }),
    );
    await expect(provider.login({ renew: true })).resolves.toBeUndefined();
    expect(renewSession).toHaveBeenCalledTimes(1);
  });
});

describe('session expiry', () => {
  it('is expired when the current time in seconds is greater than exp', () => {
    expect(isExpired({ exp: 1000 }, 1_000_001)).toBe(true);
    expect(isExpired({ exp: 1000 }, 1_000_000)).toBe(false);
    expect(isExpired({ exp: nowSeconds() - 1 })).toBe(true);
    expect(isExpired({ exp: nowSeconds() + 60 })).toBe(false);
  });
});

describe('the session check', () => {
  it('skips the public routes', async () => {
    for (const route of [
      '/login',
      '/logout',
      '/register',
      '/onboard',
      '/onboard/success',
      '/forgot-password',
      '/verify-code',
      '/new-password',
    ])
      await expect(harness(vi.fn(), route).provider.checkAuth({})).resolves.toBeUndefined();
    expect(isPublicRoute('/users')).toBe(false);
    expect(isPublicRoute('/onboard/')).toBe(true);
  });

  it('sends a visit without a session to the login page, silently', async () => {
    await expect(harness().provider.checkAuth({})).rejects.toEqual({ message: false });
    const onlyAccess = harness();
    onlyAccess.storage.setItem('test.token', tokenFor(['ROLE_ADMIN']));
    await expect(onlyAccess.provider.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('accepts a valid session, refuses an expired one and a restricted one', async () => {
    const valid = harness();
    valid.session.save({ token: tokenFor(['ROLE_ADMIN']), refreshToken: 'r', roles: ['ROLE_ADMIN'] });
    await expect(valid.provider.checkAuth({})).resolves.toBeUndefined();

    const expired = harness();
    expired.session.save({
      token: tokenFor(['ROLE_ADMIN'], nowSeconds() - 10),
      refreshToken: 'r',
      roles: ['ROLE_ADMIN'],
    });
    await expect(expired.provider.checkAuth({})).rejects.toThrow('ra.notification.logged_out');

    const restricted = harness();
    restricted.session.save({
      token: tokenFor(['ROLE_FIRST_CONNECT']),
      refreshToken: 'r',
      roles: ['ROLE_FIRST_CONNECT'],
    });
    await expect(restricted.provider.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('refreshes an expired access token that has a refresh token, instead of logging out', async () => {
    const storage = memoryStorage();
    const session = createSessionStore(() => storage, 'test');
    session.save({ token: tokenFor(['ROLE_ADMIN'], nowSeconds() - 10), refreshToken: 'r1', roles: ['ROLE_ADMIN'] });
    const fresh = tokenFor(['ROLE_ADMIN']);
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ token: fresh, refresh_token: 'r2' }), { status: 200 }),
    );
    const kit = createHttpClient({ fetch, session });
    const provider = addRefreshAuthToAuthProvider(
      createAuthProvider({
        http: kit.httpClient,
        session,
        renewSession: kit.renewSession,
        preferences: memoryStorage,
        route: () => '/users',
        grants: createGrantsStore(),
      }),
      kit.refreshAuth,
    );
    await expect(
      Promise.all([provider.checkAuth({}), provider.checkAuth({}), provider.getPermissions!({})]),
    ).resolves.toEqual([undefined, undefined, ['ROLE_ADMIN']]);
    // One refresh for both checks (the structure's rights are then read once, with the fresh token).
    const calls = fetch.mock.calls as unknown as [string][];
    expect(calls.filter(([url]) => !url.endsWith(ROLE_PERMISSIONS_PATH))).toHaveLength(1);
    expect(session.getToken()).toBe(fresh);
  });

  it('logs out on a 401 (silently when the http client already ended the session), keeps the session on a 403', async () => {
    const { provider } = harness();
    await expect(provider.checkError(new HttpError('x', 401, {}))).rejects.toThrow('ra.notification.logged_out');
    await expect(provider.checkError(sessionLost('GenericError'))).rejects.toEqual({ message: false });
    await expect(provider.checkError(new HttpError('x', 403, {}))).resolves.toBeUndefined();
    await expect(provider.checkError(new HttpError('x', 500, {}))).resolves.toBeUndefined();
  });

  it('ends no newer session for a 401 that a call of an ended one got (signed out, then in again)', async () => {
    const storage = memoryStorage();
    const session = createSessionStore(() => storage, 'test');
    const first = tokenFor(['ROLE_ADMIN']);
    openSession({ token: first, refresh_token: 'r1' }, session);
    let answer: (response: Response) => void = () => undefined;
    // Error reports are answered at once; the call under test waits for the test to answer it.
    const fetch = vi.fn((url: string) =>
      url.includes('errorCall')
        ? Promise.resolve(new Response('{}'))
        : new Promise<Response>((resolve) => (answer = resolve)),
    );
    const kit = createHttpClient({ fetch, session });
    const { provider } = harness(kit.httpClient);
    const inFlight = kit.httpClient('/api/tags').catch((error: unknown) => error);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    // The user signs out while the call is out; the server, which revoked the session, answers 401.
    session.clear();
    answer(new Response('{}', { status: 401 }));
    const failure = await inFlight;
    expect(failure).toBeInstanceOf(HttpError);
    // Signed in again before react-admin asks whether the 401 ends the session: it does not end this one.
    openSession({ token: tokenFor(['ROLE_ADMIN'], nowSeconds() + 1800), refresh_token: 'r2' }, session);
    const own = createSessionStore(() => storage, 'test');
    await expect(
      createAuthProvider({
        http: kit.httpClient,
        session: own,
        renewSession: vi.fn(),
        preferences: memoryStorage,
        route: () => '/users',
        grants: createGrantsStore(),
      }).checkError(failure as HttpError),
    ).resolves.toBeUndefined();
    // A 401 of the session the tab holds still ends it (the client's own, after its renewal failed).
    await expect(provider.checkError(sessionLost('GenericError'))).rejects.toEqual({ message: false });
  });
});

describe('logout, identity, permissions and rights', () => {
  it('logout removes the tokens, the roles and the side-block history', async () => {
    const { provider, session, storage, preferences } = harness();
    session.save({ token: tokenFor(['ROLE_ADMIN']), refreshToken: 'r', roles: ['ROLE_ADMIN'] });
    preferences.setItem(SIDE_BLOCK_HISTORY_KEY, '[{"type":"ticket","id":1}]');
    preferences.setItem('lms-backoffice.other', 'kept');
    await provider.logout({});
    expect(storage.size).toBe(0);
    expect(preferences.getItem(SIDE_BLOCK_HISTORY_KEY)).toBeNull();
    expect(preferences.getItem('lms-backoffice.other')).toBe('kept');
  });

  it('logout ends the session on the server with its own token first, and never sends an expired one', async () => {
    for (const [exp, calls] of [
      [nowSeconds() + 3600, 1],
      [nowSeconds() - 10, 0],
    ] as const) {
      const storage = memoryStorage();
      const session = createSessionStore(() => storage, 'test');
      const token = tokenFor(['ROLE_ADMIN'], exp);
      session.save({ token, refreshToken: 'r', roles: ['ROLE_ADMIN'] });
      const seen: { url: string; authorization: string | null; tokenStillThere: boolean }[] = [];
      const fetch = vi.fn(async (url: string, init?: RequestInit) => {
        seen.push({
          url,
          authorization: new Headers(init?.headers).get('Authorization'),
          tokenStillThere: session.getToken() === token,
        });
        return new Response(null, { status: 204 });
      });
      const kit = createHttpClient({ fetch, session });
      const provider = createAuthProvider({
        http: kit.httpClient,
        session,
        renewSession: kit.renewSession,
        signOut: kit.signOut,
        preferences: memoryStorage,
        route: () => '/users',
      });
      await provider.logout({});
      expect(seen).toEqual(
        calls ? [{ url: '/api/auth/sign-out', authorization: `Bearer ${token}`, tokenStillThere: true }] : [],
      );
      expect(storage.size).toBe(0);
    }
  });

  it('logout tells the other tabs only when this tab had a session', async () => {
    const storage = memoryStorage();
    const session = createSessionStore(() => storage, 'test');
    const signedOut = vi.fn();
    const provider = createAuthProvider({
      http: vi.fn(),
      session,
      renewSession: vi.fn(),
      signedOut,
      preferences: memoryStorage,
      route: () => '/login',
    });
    await provider.logout({});
    expect(signedOut).not.toHaveBeenCalled();
    session.save({ token: tokenFor(['ROLE_ADMIN']), refreshToken: 'r', roles: ['ROLE_ADMIN'] });
    await provider.logout({});
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('logout forgets the session even when the server cannot be reached', async () => {
    const storage = memoryStorage();
    const session = createSessionStore(() => storage, 'test');
    session.save({ token: tokenFor(['ROLE_ADMIN']), refreshToken: 'r', roles: ['ROLE_ADMIN'] });
    const kit = createHttpClient({ fetch: vi.fn(async () => Promise.reject(new TypeError('offline'))), session });
    const provider = createAuthProvider({
      http: kit.httpClient,
      session,
      renewSession: kit.renewSession,
      signOut: kit.signOut,
      preferences: memoryStorage,
      route: () => '/users',
    });
    await expect(provider.logout({})).resolves.toBeUndefined();
    expect(storage.size).toBe(0);
  });

  it('reads the identity from the token, with the full name from the user', async () => {
    const http = answer({ id: 12, firstName: 'Camille', lastName: 'Bernard' });
    const { provider, session } = harness(http);
    session.save({ token: tokenFor(['ROLE_USER']), refreshToken: 'r', roles: ['ROLE_USER'] });
    await expect(provider.getIdentity!()).resolves.toEqual({ id: 12, fullName: 'Camille Bernard' });
    expect(http).toHaveBeenCalledWith('/api/users/12');

    const offline = harness(vi.fn(async () => Promise.reject(new HttpError('x', 0, {}))));
    offline.session.save({ token: tokenFor(['ROLE_USER']), refreshToken: 'r', roles: ['ROLE_USER'] });
    await expect(offline.provider.getIdentity!()).resolves.toEqual({ id: 12, fullName: 'camille@demo.fr' });
  });

  it('gives the roles as permissions', async () => {
    const { provider, session } = harness();
    session.save({ token: tokenFor(['ROLE_ADMIN']), refreshToken: 'r', roles: ['ROLE_ADMIN'] });
    await expect(provider.getPermissions!({})).resolves.toEqual(['ROLE_ADMIN']);
  });

  it('answers canAccess from the shared rights table, own rows counting as allowed', async () => {
    const can = async (roles: string[], resource: string, action: string) => {
      const { provider, session } = harness();
      session.save({ token: tokenFor(roles), refreshToken: 'r', roles });
      return provider.canAccess!({ resource, action });
    };
    expect(await can(['ROLE_USER'], 'users', 'list')).toBe(true);
    expect(await can(['ROLE_USER'], 'users', 'edit')).toBe(true);
    expect(await can(['ROLE_USER'], 'users', 'create')).toBe(false);
    expect(await can(['ROLE_USER'], 'users', 'delete')).toBe(false);
    expect(await can(['ROLE_USER'], 'access-rights', 'list')).toBe(false);
    expect(await can(['ROLE_USER'], 'sheets', 'list')).toBe(false);
    expect(await can(['ROLE_ADMIN'], 'sheets', 'list')).toBe(false);
    expect(await can(['ROLE_SUPER_ADMIN'], 'sheets', 'delete')).toBe(true);
    expect(await can(['ROLE_ADMIN'], 'courses', 'show')).toBe(true);
    expect(await can(['ROLE_ADMIN'], 'courses', 'delete')).toBe(true);
    expect(await can(['ROLE_ADMIN'], 'tags', 'delete')).toBe(false);
    expect(await can(['ROLE_FIRST_CONNECT'], 'users', 'show')).toBe(true);
    expect(await can(['ROLE_FIRST_CONNECT'], 'users', 'list')).toBe(false);
    expect(await can(['ROLE_SUPER_ADMIN'], 'courses', 'fly')).toBe(false);
    expect(await can(['ROLE_SUPER_ADMIN'], 'unknown-resource', 'list')).toBe(false);
  });
});

describe("canAccess and the structure's rights", () => {
  it('follows what platform staff granted or withdrew for the structure, read once a session', async () => {
    const http = answer({ grants: { 'ROLE_ADMIN modules delete': false, 'ROLE_USER tickets list': true } });
    const can = async (roles: string[], resource: string, action: string) => {
      const { provider, session } = harness(http);
      session.save({ token: tokenFor(roles), refreshToken: 'r', roles });
      return provider.canAccess!({ resource, action });
    };
    expect(await can(['ROLE_ADMIN'], 'modules', 'delete')).toBe(false);
    expect(await can(['ROLE_ADMIN'], 'chapters', 'delete')).toBe(true);
    expect(await can(['ROLE_USER'], 'tickets', 'list')).toBe(true);
    expect(await can(['ROLE_USER'], 'modules', 'delete')).toBe(false);
    // Platform staff follow the rights table alone, and never ask.
    http.mockClear();
    expect(await can(['ROLE_SUPER_ADMIN'], 'modules', 'delete')).toBe(true);
    expect(http).not.toHaveBeenCalled();
  });
});

describe('errors of the sign-in flows, as snackbar keys and inline flags', () => {
  it('maps the reset request', () => {
    expect(resetRequestFailure(new HttpError('x', 404, {}))).toEqual({ flag: 'errorLoginResetPassword' });
    expect(resetRequestFailure(new HttpError('x', 500, {}))).toEqual({ snack: 'GenericError' });
    // The account was sent enough codes for now, or this address asked too often: say so, not "an error".
    expect(resetRequestFailure(new HttpError('x', 429, {}))).toEqual({ snack: 'app.http.too_many_requests' });
    expect(resetRequestFailure(new SessionRefused('app.auth.no_token'))).toEqual({ snack: 'GenericError' });
  });

  it('maps the code check', () => {
    expect(codeCheckFailure(new HttpError('x', 404, { description: 'new_code_sent' }))).toEqual({
      snack: 'snackError_codeResend',
    });
    expect(codeCheckFailure(new HttpError('x', 404, { description: 'wrong_code' }))).toEqual({
      flag: 'errorWrongCode',
    });
    expect(codeCheckFailure(new HttpError('x', 404, {}))).toEqual({ flag: 'errorWrongCode' });
    expect(codeCheckFailure(new HttpError('x', 403, {}))).toEqual({ snack: 'GenericError' });
    expect(codeCheckFailure(sessionLost('GenericError'))).toEqual({});
    // The code is over and its session with it: back to the start, saying why.
    expect(codeCheckFailure(new HttpError('x', 404, { description: 'code_expired' }))).toEqual({
      snack: 'app.auth.code.expired',
      restart: true,
    });
    expect(codeCheckFailure(new HttpError('x', 404, { description: 'too_many_tries' }))).toEqual({
      snack: 'app.auth.code.too_many_tries',
      restart: true,
    });
    expect(codeCheckFailure(new HttpError('x', 429, {}))).toEqual({ snack: 'app.http.too_many_requests' });
    expect(resendFailure(new HttpError('x', 429, {}))).toEqual({ snack: 'app.http.too_many_requests' });
    expect(resendFailure(new HttpError('x', 500, {}))).toEqual({ snack: 'GenericError' });
  });

  it('maps the new password: violations under their fields', () => {
    const errors = violationsToErrors([
      { propertyPath: 'password', code: 'password', message: 'The password must contain at least 8 characters.' },
      { propertyPath: 'passwordConfirmation', code: 'mismatch', message: 'The two passwords differ.' },
    ]);
    expect(errors).toEqual({ password: 'app.validation.password', passwordConfirmation: 'app.validation.mismatch' });
    expect(newPasswordFailure(new HttpError('ra.message.invalid_form', 422, { errors }))).toEqual({ fields: errors });
    expect(newPasswordFailure(new HttpError('x', 403, {}))).toEqual({ snack: 'GenericError' });
  });

  it('checks the password policy as the server does', () => {
    expect(meetsPasswordPolicy('Nouveau2026')).toBe(true);
    expect(meetsPasswordPolicy('Court1a')).toBe(false);
    expect(meetsPasswordPolicy('sansmajuscule1')).toBe(false);
    expect(meetsPasswordPolicy('SANSMINUSCULE1')).toBe(false);
    expect(meetsPasswordPolicy('SansChiffre')).toBe(false);
  });

  it('has the error snackbars’ keys, with their fixed French text where there is one', () => {
    expect(fr.Error_Login).toBe('Une erreur est survenue');
    expect(fr.snackError_codeResend).toBe('Ce code a expiré : un nouveau code vient de vous être envoyé.');
    expect(fr.app.auth.forgot.unknown_email).toBe('Aucun compte ne correspond à cette adresse');
    expect(fr.ra.page.access_denied).toBe('Accès refusé');
    for (const key of [
      'Error_Login',
      'GenericError',
      'Generic_Error',
      'Error_CantGetCompanyByKey',
      'snackError_codeResend',
    ] as const) {
      expect(fr[key]).toBeTruthy();
      expect(en[key]).toBeTruthy();
    }
  });
});
