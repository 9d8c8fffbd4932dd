import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../server/auth/mailer.ts';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';
import { activeUser, codesSentTo, login, post } from './support/auth.ts';

/**
 * A user's sessions end when what they were granted changes: their access tokens fail on
 * the very next call and their refresh tokens are revoked.
 */
const mails: Mail[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async (mail) => void mails.push(mail) } });
});
afterAll(async () => {
  await t?.close();
});

/** A signed-in session of a fresh user, and a call that works with it. */
async function signedIn(email: string, roles: string[] = ['ROLE_USER']) {
  const id = await activeUser(t, email, roles);
  const session = await login(t, email);
  expect(session.status).toBe(200);
  const read = () => t.request('GET', `/api/users/${id}`, { token: session.json.token });
  expect((await read()).status).toBe(200);
  return { id, session, read };
}

async function expectEnded(
  session: { json: { refresh_token: string } },
  read: () => Promise<{ status: number; json: { message?: string } }>,
) {
  const answer = await read();
  expect(answer.status).toBe(401);
  expect(answer.json.message).toBe('Invalid JWT Token');
  expect((await post(t, '/api/auth/refresh', { refresh_token: session.json.refresh_token })).status).toBe(401);
}

describe('sessions end', () => {
  it('when the user is disabled', async () => {
    const { id, session, read } = await signedIn('disabled@test.fr');
    expect((await t.request('PUT', `/api/users/${id}`, { as: 'superadmin', body: { enabled: false } })).status).toBe(
      200,
    );
    await expectEnded(session, read);
  });

  it('when the user is demoted', async () => {
    const { id, session, read } = await signedIn('demoted@test.fr', ['ROLE_ADMIN']);
    expect((await t.request('GET', '/api/notes-bo', { token: session.json.token })).status).toBe(200);
    expect(
      (await t.request('PUT', `/api/users/${id}`, { as: 'superadmin', body: { roles: ['ROLE_USER'] } })).status,
    ).toBe(200);
    await expectEnded(session, read);
    // Signing in again gives the new roles.
    const again = await login(t, 'demoted@test.fr');
    expect((await t.request('GET', '/api/notes-bo', { token: again.json.token })).status).toBe(403);
  });

  it('when an access right is granted or withdrawn', async () => {
    const { id, session, read } = await signedIn('granted@test.fr');
    const [right] = await t.db.query<{ id: number }>('SELECT id FROM access_rights ORDER BY id LIMIT 1');
    const granted = await t.request('PUT', `/api/users/${id}/add-access-rights`, {
      as: 'superadmin',
      body: { accessRights: [`/api/access-rights/${right.id}`] },
    });
    expect(granted.status).toBe(200);
    await expectEnded(session, read);

    const second = await login(t, 'granted@test.fr');
    const readAgain = () => t.request('GET', `/api/users/${id}`, { token: second.json.token });
    expect((await readAgain()).status).toBe(200);
    await t.request('PUT', `/api/users/${id}/remove-access-rights`, {
      as: 'superadmin',
      body: { accessRights: [`/api/access-rights/${right.id}`] },
    });
    await expectEnded(second, readAgain);
  });

  it('when an administrator sets a new password', async () => {
    const { id, session, read } = await signedIn('newpass@test.fr');
    expect(
      (await t.request('PUT', `/api/users/${id}`, { as: 'superadmin', body: { password: 'Autre2026!x' } })).status,
    ).toBe(200);
    await expectEnded(session, read);
  });

  it('when the user resets their password: every other session ends, the resetting one goes on', async () => {
    const { session, read } = await signedIn('reset@test.fr');
    const reset = await post(t, '/api/auth/reinit-password/request', {
      email: 'reset@test.fr',
      type: 'admin',
      brand: '1',
    });
    const code = codesSentTo(mails, 'reset@test.fr').at(-1);
    const checked = await post(t, '/api/auth/email/check-code', { code }, { token: reset.json.token });
    expect(checked.status).toBe(200);
    const validated = await post(
      t,
      '/api/auth/reinit-password/validate',
      { password: 'Nouveau2026!', passwordConfirmation: 'Nouveau2026!' },
      { token: checked.json.token },
    );
    expect(validated.status).toBe(200);
    await expectEnded(session, read);
    const full = await post(t, '/api/auth/refresh', { refresh_token: checked.json.refresh_token });
    expect(full.status).toBe(200);
    expect((await t.request('GET', '/api/courses', { token: full.json.token })).status).toBe(200);
  });

  it('when the user is deleted: a 401 everywhere, upload included, never a 500', async () => {
    const { id, session, read } = await signedIn('deleted@test.fr');
    expect((await t.request('DELETE', `/api/users/${id}`, { as: 'superadmin' })).status).toBe(204);
    await expectEnded(session, read);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { authorization: `Bearer ${session.json.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nbonjour\r\n--x--\r\n',
    });
    expect(upload.statusCode).toBe(401);
  });

  it('keeps other users signed in', async () => {
    const { read } = await signedIn('bystander@test.fr');
    const other = await activeUser(t, 'other@test.fr');
    await t.request('PUT', `/api/users/${other}`, { as: 'superadmin', body: { enabled: false } });
    expect((await read()).status).toBe(200);
  });
});

describe('login throttle', () => {
  it('keys on the login as it is looked up: padding or re-casing does not reset the count', async () => {
    await activeUser(t, 'padded@test.fr');
    for (let n = 0; n < 5; n++) expect((await login(t, 'padded@test.fr', 'wrong', `192.0.2.${n}`)).status).toBe(401);
    const padded = await login(t, '  PADDED@test.fr ', 'Initial2026!', '192.0.2.50');
    expect(padded.status).toBe(429);
    expect(Number(padded.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a locked account does not lock others out of the same address, below the address limit', async () => {
    await activeUser(t, 'locked@test.fr');
    await activeUser(t, 'neighbour@test.fr');
    const address = '198.51.100.200';
    for (let n = 0; n < 6; n++) await login(t, 'locked@test.fr', 'wrong', address);
    expect((await login(t, 'locked@test.fr', 'Initial2026!', address)).status).toBe(429);
    expect((await login(t, 'neighbour@test.fr', 'Initial2026!', address)).status).toBe(200);
  });
});
