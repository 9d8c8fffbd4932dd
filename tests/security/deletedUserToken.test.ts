import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf, type RegisteredRoute } from '../../server/http/inputGuard.ts';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';

/**
 * A token outlives its user: an access token stays signed until it expires, whatever happened to the
 * account. Its calls must be refused (401) rather than reach the database with a user id that is gone
 * (an upload inserting `owner_id` = that id was a foreign-key violation, answered 500). Every route of the
 * route table is called with such tokens.
 */

const PARAMETER_VALUES: Record<string, string> = { id: '1', encodedId: 'MQ', key: 'invitation', context: 'support' };
const fill = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => PARAMETER_VALUES[name] ?? '1');

const BOUNDARY = 'deleted-user-boundary';
const UPLOAD = [
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="context"\r\n\r\nsupport\r\n`,
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nBonjour\r\n`,
  `--${BOUNDARY}--\r\n`,
].join('');

describe('the token of a user who does not exist', () => {
  let t: TestApp;
  let routes: readonly RegisteredRoute[];
  const tokens: { label: string; token: string }[] = [];

  const signFor = (employeeId: number, username: string, sv = 0) =>
    t.tokens.sign({
      role: ['ROLE_SUPER_ADMIN'],
      company: null,
      employeeId,
      username,
      sid: randomUUID(),
      scope: 'full',
      sv,
    });

  beforeAll(async () => {
    t = await createTestApp();
    routes = routesOf(t.app).filter((route) => route.url.startsWith('/api/'));

    // A super admin created, signed in (its token works), then deleted.
    const created = await t.request('POST', '/api/users', {
      as: 'superadmin',
      body: {
        email: `supprime.${randomUUID().slice(0, 8)}@exemple.fr`,
        firstName: 'Ancien',
        lastName: 'Compte',
        type: 'admin',
        roles: ['ROLE_SUPER_ADMIN'],
      },
    });
    expect(created.status, created.body).toBe(201);
    const [user] = await t.db.query<{ id: number; email: string; session_version: number }>(
      'SELECT id, email, session_version FROM users WHERE id = $1',
      [created.json.id],
    );
    const token = await signFor(user.id, user.email, Number(user.session_version ?? 0));
    expect((await t.request('GET', '/api/courses', { token })).status).toBe(200);
    expect((await t.request('DELETE', `/api/users/${user.id}`, { as: 'superadmin' })).status).toBe(204);
    tokens.push({ label: 'a deleted user', token });

    const [{ next }] = await t.db.query<{ next: number }>('SELECT coalesce(max(id), 0) + 1000 AS next FROM users');
    tokens.push({ label: 'an id no user ever had', token: await signFor(next, 'personne@exemple.fr') });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is refused with a 401 on every route that needs a session, and never answered 5xx', async () => {
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const url = fill(route.url);
      const upload = route.url.endsWith('/upload');
      const send = (token?: string) =>
        t.app.inject({
          method: route.method as 'POST',
          url,
          headers: {
            accept: 'application/ld+json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(route.method === 'GET' || route.method === 'DELETE'
              ? {}
              : { 'content-type': upload ? `multipart/form-data; boundary=${BOUNDARY}` : 'application/json' }),
          },
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { payload: upload ? UPLOAD : JSON.stringify({ title: 'Titre', message: 'Bonjour' }) }),
        });
      // A route an anonymous caller is refused on needs a session: a token of nobody must not open it.
      const needsSession = (await send()).statusCode === 401;
      for (const { label, token } of tokens) {
        const response = await send(token);
        requests++;
        const status = response.statusCode;
        if (status >= 500 || (needsSession && status !== 401))
          failures.push(`${route.method} ${url} with the token of ${label}: ${status} ${response.body.slice(0, 200)}`);
      }
    }
    console.log(`Tokens of missing users: ${requests} requests over ${routes.length} routes`);
    expect(failures.length, `${failures.length} failures:\n${failures.slice(0, 10).join('\n')}`).toBe(0);
  });
});
