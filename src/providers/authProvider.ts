import { HttpError, type AuthProvider } from 'react-admin';
import { httpClient } from './httpClient';
import { openSession, readTokenPayload, SessionRefused } from './session';
import { sessionStore } from './sessionStore';

interface Credentials {
  email?: string;
  username?: string;
  password?: string;
}

/** The message a failed login shows: a translation key. */
function loginFailure(error: unknown): string {
  if (error instanceof SessionRefused) return error.reason;
  if (error instanceof HttpError && error.status === 401) return 'app.auth.invalid_credentials';
  if (error instanceof HttpError && error.status === 429) return 'app.http.too_many_requests';
  return 'app.auth.login_error';
}

/**
 * The session's owner (ARCHITECTURE.md, How data flows): login, logout, the session check, what to do
 * with an API error, identity and roles, all from the tokens in the session store.
 */
export const authProvider: AuthProvider = {
  async login({ email, username, password }: Credentials) {
    try {
      const { json } = await httpClient('/api/auth/token', {
        method: 'POST',
        body: JSON.stringify({ login: email ?? username, password }),
        secured: false,
      });
      openSession(json);
    } catch (error) {
      throw new Error(loginFailure(error), { cause: error });
    }
  },

  async logout() {
    sessionStore.clear();
  },

  // No token at all is a plain visit, not an error: off to the login page without a message.
  checkAuth: () => (sessionStore.getToken() ? Promise.resolve() : Promise.reject({ message: false })),

  // A 401 means the session is gone: react-admin logs out (clearing the store) and says so.
  // A 403 is a right the session lacks: it stays, and the screen shows the error.
  async checkError(error: { status?: number }) {
    if (error?.status === 401) throw new Error('ra.notification.logged_out');
  },

  async getIdentity() {
    const token = sessionStore.getToken();
    const payload = token ? readTokenPayload(token) : undefined;
    if (!payload) throw new Error('ra.auth.auth_check_error');
    return { id: payload.employeeId, fullName: payload.username };
  },

  getPermissions: async () => sessionStore.getRoles(),
};
