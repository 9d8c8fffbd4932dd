import { describe, expect, it, vi } from 'vitest';
import { buildReport, shouldReport } from '../../src/providers/errorReport.ts';
import { retryUnlessRefused } from '../../src/providers/queryClient.ts';
import { createHttpClient, isSessionLost, type HttpClientDeps } from '../../src/providers/httpClient.ts';
import { needsRefresh } from '../../src/providers/session.ts';
import { createSessionStore, memoryStorage } from '../../src/providers/sessionStore.ts';

/** An unsigned JWT: the client only reads the payload, the server is the one that checks signatures. */
function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const tokenFor = (exp: number, role = ['ROLE_ADMIN']) =>
  jwt({ role, exp, iat: exp - 3600, company: 7, employeeId: 42, username: 'admin@demo.fr', scope: 'full' });

const EXPIRED = tokenFor(nowSeconds() - 60);
const FRESH = tokenFor(nowSeconds() + 3600, ['ROLE_SUPER_ADMIN']);

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

/** A fake API: records every call and answers with `answer`. */
function fakeApi(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const call = {
      url,
      method: init.method ?? 'GET',
      authorization: headers.get('Authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    return answer(call);
  });
  return {
    fetch,
    calls,
    to: (path: string) => calls.filter((call) => new URL(call.url, 'http://x').pathname === path),
  };
}

function setup(answer: (call: Call) => Response | Promise<Response>, token: string | null = EXPIRED) {
  const api = fakeApi(answer);
  const storage = memoryStorage();
  const session = createSessionStore(() => storage, 'test');
  if (token) session.save({ token, refreshToken: 'refresh-1', roles: ['ROLE_ADMIN'] });
  const onSessionLost = vi.fn();
  const deps: HttpClientDeps = {
    fetch: api.fetch,
    session,
    apiUrl: 'https://api.test',
    errorCallUrl: 'https://app.test/api/errorCall',
    pageUrl: () => 'https://app.test/#/courses',
    onSessionLost,
  };
  return { api, session, onSessionLost, ...createHttpClient(deps) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const refreshAnswer = async () => {
  await sleep(20);
  return json(200, { token: FRESH, refresh_token: 'refresh-2' });
};

describe('the refresh of an expired token', () => {
  it('makes exactly one refresh call for 50 concurrent secured calls, and all of them use the new token', async () => {
    const { api, session, httpClient } = setup((call) =>
      call.url.endsWith('/api/auth/refresh') ? refreshAnswer() : json(200, { ok: call.authorization }),
    );

    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => httpClient(`/api/courses/${index}`)));

    expect(api.to('/api/auth/refresh')).toHaveLength(1);
    expect(api.to('/api/auth/refresh')[0].body).toEqual({
      refresh_token: 'refresh-1',
      type: 'admin',
      isBoConnection: true,
    });
    expect(results).toHaveLength(50);
    expect(results.every((result) => result.status === 200 && result.json.ok === `Bearer ${FRESH}`)).toBe(true);
    expect(api.calls.filter((call) => call.authorization === `Bearer ${EXPIRED}`)).toHaveLength(0);
    expect(session.getToken()).toBe(FRESH);
    expect(session.getRefreshToken()).toBe('refresh-2');
    expect(session.getRoles()).toEqual(['ROLE_SUPER_ADMIN']);
  });

  it('shares that one refresh with react-admin’s refreshAuth (providers) and later callers', async () => {
    const { api, httpClient, refreshAuth } = setup((call) =>
      call.url.endsWith('/api/auth/refresh') ? refreshAnswer() : json(200, {}),
    );
    await Promise.all([refreshAuth(), refreshAuth(), httpClient('/api/users'), refreshAuth()]);
    await Promise.all([refreshAuth(), httpClient('/api/users')]);
    expect(api.to('/api/auth/refresh')).toHaveLength(1);
  });

  it('does not refresh a valid token', async () => {
    const { api, httpClient } = setup(() => json(200, {}), FRESH);
    await httpClient('/api/users');
    expect(api.to('/api/auth/refresh')).toHaveLength(0);
    expect(api.calls[0].authorization).toBe(`Bearer ${FRESH}`);
  });

  it('on failure: one GenericError notice and /logout, every caller rejected, the session cleared, the failure reported', async () => {
    const { api, session, onSessionLost, httpClient } = setup((call) =>
      call.url.endsWith('/api/auth/refresh')
        ? json(401, { code: 401, message: 'Invalid JWT Refresh Token' })
        : json(200, {}),
    );

    const results = await Promise.allSettled(Array.from({ length: 10 }, () => httpClient('/api/courses')));

    expect(results.every((result) => result.status === 'rejected' && isSessionLost(result.reason))).toBe(true);
    expect((results[0] as PromiseRejectedResult).reason.message).toBe('GenericError');
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(onSessionLost).toHaveBeenCalledWith('GenericError');
    expect(session.getToken()).toBeUndefined();
    expect(api.to('/api/auth/refresh')).toHaveLength(1);
    expect(api.to('/api/courses')).toHaveLength(0);
    await vi.waitFor(() => expect(api.to('/api/errorCall')).toHaveLength(1));
    expect(api.to('/api/errorCall')[0].body).toMatchObject({
      status: 401,
      endpoint: '/api/auth/refresh',
      employeeId: 42,
      companyId: 7,
    });
  });

  it("says so when the refresh is refused because the structure's access ended, and reports nothing", async () => {
    const { api, session, onSessionLost, httpClient } = setup((call) =>
      call.url.endsWith('/api/auth/refresh')
        ? json(403, { status: 403, description: 'access_ended', accessEndedAt: '2026-11-01T00:00:00Z' })
        : json(200, {}),
    );
    await expect(httpClient('/api/courses')).rejects.toSatisfy(isSessionLost);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(onSessionLost).toHaveBeenCalledWith('app.auth.access_ended');
    expect(session.getToken()).toBeUndefined();
    await sleep(10);
    expect(api.to('/api/errorCall')).toHaveLength(0);
  });

  it('treats an answer without a known role as a failed refresh', async () => {
    const { onSessionLost, httpClient } = setup((call) =>
      call.url.endsWith('/api/auth/refresh')
        ? json(200, { token: tokenFor(nowSeconds() + 60, ['ROLE_GUEST']), refresh_token: 'r' })
        : json(200, {}),
    );
    await expect(httpClient('/api/courses')).rejects.toThrow('GenericError');
    expect(onSessionLost).toHaveBeenCalledWith('GenericError');
  });

  it('rejects a secured call without a token with "no JWT Token" and goes to /logout, without calling', async () => {
    const { api, onSessionLost, httpClient } = setup(() => json(200, {}), null);
    const failure = httpClient('/api/courses');
    await expect(failure).rejects.toThrow('no JWT Token');
    await expect(failure).rejects.toMatchObject({ status: 401 });
    expect(onSessionLost).toHaveBeenCalledWith(undefined);
    expect(api.calls).toHaveLength(0);
  });

  it('lets unsecured calls go without a token', async () => {
    const { api, httpClient } = setup(() => json(200, { token: 't' }), null);
    await httpClient('/api/auth/token', { method: 'POST', body: '{}', secured: false });
    expect(api.calls[0].authorization).toBeNull();
  });

  it('renews the token once and retries when the server finds it expired first (a 401)', async () => {
    let first = true;
    const { api, httpClient } = setup(
      (call) => {
        if (call.url.endsWith('/api/auth/refresh')) return json(200, { token: FRESH, refresh_token: 'refresh-2' });
        if (first) {
          first = false;
          return json(401, { code: 401, message: 'Expired JWT Token' });
        }
        return json(200, { auth: call.authorization });
      },
      tokenFor(nowSeconds() + 3600),
    );
    const { json: body } = await httpClient('/api/courses');
    expect(body.auth).toBe(`Bearer ${FRESH}`);
    expect(api.to('/api/auth/refresh')).toHaveLength(1);
    expect(api.to('/api/errorCall')).toHaveLength(0);
  });
});

describe('expiry', () => {
  it('renews a token whose exp is past, or about to pass, and not a fresh one', () => {
    expect(needsRefresh(EXPIRED)).toBe(true);
    expect(needsRefresh(FRESH)).toBe(false);
    expect(needsRefresh(tokenFor(nowSeconds() + 2))).toBe(true);
    expect(needsRefresh('not a token')).toBe(true);
  });

  it('keeps the margin small for short-lived tokens (a 3 s JWT_TTL is not renewed at once)', () => {
    const exp = nowSeconds() + 3;
    expect(needsRefresh(jwt({ role: ['ROLE_ADMIN'], exp, iat: exp - 3 }))).toBe(false);
  });
});

describe('reports of failed secured calls', () => {
  const flush = () => sleep(0);

  it('reports a failed call with the page, the session and the endpoint, without waiting for the report', async () => {
    let release: () => void = () => undefined;
    const { api, httpClient } = setup((call) => {
      if (call.url.endsWith('/api/errorCall'))
        return new Promise<Response>((resolve) => (release = () => resolve(json(204))));
      return json(500, { detail: 'boom' });
    }, FRESH);
    await expect(httpClient('/api/courses?page=2', { method: 'PUT', body: '{}' })).rejects.toMatchObject({
      status: 500,
    });
    await vi.waitFor(() => expect(api.to('/api/errorCall')).toHaveLength(1));
    const [report] = api.to('/api/errorCall');
    expect(report.url).toBe('https://app.test/api/errorCall');
    expect(report.method).toBe('POST');
    expect(report.body).toMatchObject({
      details: { detail: 'boom' },
      status: 500,
      url: 'https://app.test/#/courses',
      companyId: 7,
      employeeId: 42,
      endpoint: '/api/courses?page=2',
      protocol: 'https:',
      method: 'PUT',
    });
    // The server reads who reported from the token alone: a valid one goes with the report.
    expect(report.authorization).toBe(`Bearer ${FRESH}`);
    expect(typeof (report.body as { timestamp: unknown }).timestamp).toBe('number');
    release();
  });

  it('reports network failures (status 0) and 404s, but not a 404 on a path ending in "note"', async () => {
    const { api, httpClient } = setup((call) => {
      if (call.url.endsWith('/api/errorCall')) return json(204);
      if (call.url.endsWith('/offline')) throw new TypeError('Failed to fetch');
      return json(404, { detail: 'Not Found' });
    }, FRESH);
    await expect(httpClient('/api/users/3/note')).rejects.toMatchObject({ status: 404 });
    await flush();
    expect(api.to('/api/errorCall')).toHaveLength(0);
    await expect(httpClient('/api/users/3')).rejects.toMatchObject({ status: 404 });
    await expect(httpClient('/api/offline')).rejects.toMatchObject({ status: 0, message: 'app.http.network' });
    await vi.waitFor(() => expect(api.to('/api/errorCall')).toHaveLength(2));
    expect(api.to('/api/errorCall').map((call) => (call.body as { status: number }).status)).toEqual([404, 0]);
  });

  it('does not report a status the caller expects, and still throws it; other statuses are reported', async () => {
    const { api, httpClient } = setup((call) => {
      if (call.url.endsWith('/api/errorCall')) return json(204);
      return call.url.endsWith('/gone') ? json(404, { detail: 'Not Found' }) : json(500, {});
    }, FRESH);
    await expect(httpClient('/api/courses/9/gone', { expected: [404] })).rejects.toMatchObject({ status: 404 });
    await flush();
    expect(api.to('/api/errorCall')).toHaveLength(0);
    await expect(httpClient('/api/courses/9/broken', { expected: [404] })).rejects.toMatchObject({ status: 500 });
    await vi.waitFor(() => expect(api.to('/api/errorCall')).toHaveLength(1));
  });

  it('retries a failed query unless the server refused it (4xx)', () => {
    expect(retryUnlessRefused(0, { status: 404 })).toBe(false);
    expect(retryUnlessRefused(0, { status: 403 })).toBe(false);
    expect(retryUnlessRefused(0, { status: 500 })).toBe(true);
    expect(retryUnlessRefused(0, { status: 0 })).toBe(true);
    expect(retryUnlessRefused(2, new Error('x'))).toBe(true);
    expect(retryUnlessRefused(3, { status: 502 })).toBe(false);
  });

  it('does not report unsecured calls, successes, or a failing report', async () => {
    const { api, httpClient } = setup((call) => {
      if (call.url.endsWith('/api/errorCall')) return json(500, {});
      if (call.url.endsWith('/api/auth/token')) return json(401, { code: 401, message: 'Invalid credentials.' });
      return call.url.endsWith('/ok') ? json(200, {}) : json(403, {});
    }, FRESH);
    await expect(httpClient('/api/auth/token', { method: 'POST', body: '{}', secured: false })).rejects.toMatchObject({
      status: 401,
    });
    await httpClient('/api/ok');
    await flush();
    expect(api.to('/api/errorCall')).toHaveLength(0);
    await expect(httpClient('/api/sheets')).rejects.toMatchObject({ status: 403 });
    await vi.waitFor(() => expect(api.to('/api/errorCall')).toHaveLength(1));
    await sleep(20);
    expect(api.to('/api/errorCall')).toHaveLength(1);
  });

  it('reports failures but a 404 on a note and the report itself, and says what failed', () => {
    expect(shouldReport(500, '/api/courses')).toBe(true);
    expect(shouldReport(0, '/api/courses')).toBe(true);
    expect(shouldReport(404, '/api/tickets/4/note')).toBe(false);
    expect(shouldReport(404, 'https://api.test/api/note?x=1')).toBe(false);
    expect(shouldReport(500, '/api/tickets/4/note')).toBe(true);
    expect(shouldReport(404, '/api/notes-bo/4')).toBe(true);
    expect(shouldReport(500, '/api/errorCall')).toBe(false);
    expect(shouldReport(200, '/api/courses')).toBe(false);
    expect(shouldReport(302, '/api/courses')).toBe(false);
    expect(
      buildReport({
        url: 'http://127.0.0.1:8080/api/x',
        method: 'delete',
        status: 502,
        details: null,
        pageUrl: 'http://127.0.0.1:8080/#/',
        now: 5,
        requestId: '0f3e2d1c-aaaa-4bbb-8ccc-123456789abc',
      }),
    ).toEqual({
      details: null,
      status: 502,
      timestamp: 5,
      url: 'http://127.0.0.1:8080/#/',
      companyId: null,
      employeeId: null,
      endpoint: '/api/x',
      protocol: 'http:',
      method: 'DELETE',
      // The failed call's own id, as its answer named it: the server's log lines carry it.
      requestId: '0f3e2d1c-aaaa-4bbb-8ccc-123456789abc',
    });
  });
});
