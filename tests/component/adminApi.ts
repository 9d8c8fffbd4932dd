import { createHttpClient } from '../../src/providers/httpClient';
import { createDataProvider } from '../../src/providers/dataProvider';
import { createSessionStore, memoryStorage, sessionStore } from '../../src/providers/sessionStore';

/**
 * The app's data provider on a fake API (`answer`, after the error reports it swallows), as a structure's
 * administrator: the session is in the client's store and in the app's own, which the screens read to offer
 * a form for a record the session's structure may change.
 */
export function adminDataProvider(answer: (url: string, init: RequestInit) => Promise<Response>) {
  const storage = memoryStorage();
  const session = createSessionStore(() => storage);
  const payload = btoa(JSON.stringify({ role: ['ROLE_ADMIN'], company: 7, exp: Math.floor(Date.now() / 1000) + 3600 }));
  session.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_ADMIN'] });
  sessionStore.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_ADMIN'] });
  const { httpClient } = createHttpClient({
    session,
    errorCallUrl: 'http://errors.invalid/api/errorCall',
    fetch: async (url, init = {}) =>
      url.includes('errorCall') ? new Response(null, { status: 204 }) : answer(url, init),
  });
  return createDataProvider({ http: httpClient, hasToken: () => true, save: () => undefined });
}
