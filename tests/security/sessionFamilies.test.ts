import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestProcess } from '../api/support/testApp.ts';
import { activeUser, login, post } from './support/auth.ts';

/**
 * A session is its refresh-token family, on every server process: when the family is revoked its access
 * tokens stop at once, and the session that changed its password goes on, as docs/SECURITY.md says. Two apps
 * with their own memory over one database stand for two processes.
 */
let t: TestApp;
let other: TestProcess;

beforeAll(async () => {
  t = await createTestApp();
  other = await t.anotherProcess();
});
afterAll(async () => {
  await t?.close();
});

/** What a call with `token` answers on each process; the other one hears of a change within a moment (NOTIFY). */
async function statusesOf(token: string, expected: number): Promise<number[]> {
  const statuses: number[] = [];
  for (const to of [t, other]) {
    const deadline = Date.now() + 2_000;
    for (;;) {
      const { status } = await to.request('GET', '/api/courses?itemsPerPage=1', { token });
      if (status === expected || Date.now() > deadline) {
        statuses.push(status);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return statuses;
}

describe('a session across processes', () => {
  it('ends at once when a refresh token is presented twice: every access token of the family is refused', async () => {
    await activeUser(t, 'reused@test.fr');
    const first = await login(t, 'reused@test.fr');
    const second = await post(t, '/api/auth/refresh', { refresh_token: first.json.refresh_token });
    expect(second.status).toBe(200);
    expect(await statusesOf(second.json.token, 200)).toEqual([200, 200]);
    // The thief (or the owner) presents the spent token again, to the other process.
    expect((await post(other, '/api/auth/refresh', { refresh_token: first.json.refresh_token })).status).toBe(401);
    expect(await statusesOf(second.json.token, 401)).toEqual([401, 401]);
    expect(await statusesOf(first.json.token, 401)).toEqual([401, 401]);
    expect((await post(t, '/api/auth/refresh', { refresh_token: second.json.refresh_token })).status).toBe(401);
    // Another session of the same user is not concerned.
    const fresh = await login(other, 'reused@test.fr');
    expect(await statusesOf(fresh.json.token, 200)).toEqual([200, 200]);
  });

  it('keeps the access token of the session that changed the password, on every process; the others end', async () => {
    await activeUser(t, 'changer@test.fr');
    const changing = await login(t, 'changer@test.fr');
    const elsewhere = await login(other, 'changer@test.fr');
    const change = await t.request('PUT', '/api/account/password', {
      token: changing.json.token,
      body: { currentPassword: 'Initial2026!', password: 'Changé2026!un' },
    });
    expect(change.status).toBe(204);
    expect(await statusesOf(changing.json.token, 200)).toEqual([200, 200]);
    expect(await statusesOf(elsewhere.json.token, 401)).toEqual([401, 401]);

    // A second change from the same session, on the other process: its first token still stands.
    const again = await other.request('PUT', '/api/account/password', {
      token: changing.json.token,
      body: { currentPassword: 'Changé2026!un', password: 'Changé2026!deux' },
    });
    expect(again.status).toBe(204);
    expect(await statusesOf(changing.json.token, 200)).toEqual([200, 200]);
    const refreshed = await post(other, '/api/auth/refresh', { refresh_token: changing.json.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(await statusesOf(refreshed.json.token, 200)).toEqual([200, 200]);

    // What moves the version for another reason ends the carried session as any other.
    expect(
      (
        await t.request(
          'PUT',
          `/api/users/${(await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'changer@test.fr'`))[0].id}`,
          { as: 'superadmin', body: { roles: ['ROLE_USER', 'ROLE_ADMIN'] } },
        )
      ).status,
    ).toBe(200);
    expect(await statusesOf(changing.json.token, 401)).toEqual([401, 401]);
  });
});
