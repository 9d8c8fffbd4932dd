import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../server/auth/mailer.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/** People on the server side: the account page's calls, invitations, admins reading a user, templates. */
const mails: Mail[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async (mail) => void mails.push(mail) } });
});
afterAll(async () => {
  await t?.close();
});

const codeIn = (mail: Mail | undefined) => /(\d{6})/.exec(mail?.subject ?? '')?.[1] ?? '';
const lastMailTo = (email: string) => [...mails].reverse().find((mail) => mail.to === email);

async function post(url: string, body: unknown, token?: string, method: 'POST' | 'PUT' | 'GET' = 'POST') {
  const response = await t.app.inject({
    method,
    url,
    payload: method === 'GET' ? undefined : (body as object),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, json: response.body ? response.json() : undefined };
}

async function newUser(email: string, password?: string) {
  const created = await t.request('POST', '/api/users', {
    as: 'superadmin',
    body: {
      email,
      firstName: 'Nina',
      lastName: 'Rousseau',
      type: 'contributor',
      roles: ['ROLE_USER'],
      company: `/api/companies/${t.users.admin.company}`,
      ...(password ? { password } : {}),
    },
  });
  expect(created.status).toBe(201);
  return created.json as { id: number; roles: string[] };
}

/** A full session of a fresh account with a password (a first connection done). */
async function signedIn(email: string, password = 'Initial2026!') {
  const user = await newUser(email, password);
  await t.db.query(`UPDATE users SET roles = array_remove(roles, 'ROLE_FIRST_CONNECT') WHERE id = $1`, [user.id]);
  const session = await post('/api/auth/token', { login: email, password });
  expect(session.status).toBe(200);
  return { id: user.id, ...(session.json as { token: string; refresh_token: string }) };
}

describe('the account: password', () => {
  it('changes the password given the current one; other sessions end, this one renews', async () => {
    const first = await signedIn('compte.mdp@demo.fr');
    const other = await post('/api/auth/token', { login: 'compte.mdp@demo.fr', password: 'Initial2026!' });
    const changed = await post(
      '/api/account/password',
      { currentPassword: 'Initial2026!', password: 'Nouveau2026!' },
      first.token,
      'PUT',
    );
    expect(changed.status).toBe(204);
    expect((await post('/api/auth/token', { login: 'compte.mdp@demo.fr', password: 'Initial2026!' })).status).toBe(401);
    expect((await post('/api/auth/token', { login: 'compte.mdp@demo.fr', password: 'Nouveau2026!' })).status).toBe(200);
    expect((await post('/api/auth/refresh', { refresh_token: other.json.refresh_token })).status).toBe(401);
    expect((await post('/api/auth/refresh', { refresh_token: first.refresh_token })).status).toBe(200);
  });

  it('answers 422 on the field: a wrong current password, a password against the policy, blanks', async () => {
    const me = await signedIn('compte.422@demo.fr');
    const wrong = await post(
      '/api/account/password',
      { currentPassword: 'Faux2026!!', password: 'Nouveau2026!' },
      me.token,
      'PUT',
    );
    expect(wrong.status).toBe(422);
    expect(wrong.json.violations).toEqual([
      expect.objectContaining({ propertyPath: 'currentPassword', code: 'current_password' }),
    ]);
    const weak = await post(
      '/api/account/password',
      { currentPassword: 'Initial2026!', password: 'court' },
      me.token,
      'PUT',
    );
    expect(weak.status).toBe(422);
    expect(weak.json.violations).toEqual([expect.objectContaining({ propertyPath: 'password', code: 'password' })]);
    const blank = await post('/api/account/password', { password: 12 }, me.token, 'PUT');
    expect(blank.json.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([
      'currentPassword',
      'password',
    ]);
    expect(
      (
        await post(
          '/api/account/password',
          { currentPassword: 'Initial2026!', password: 'Nouveau2026!' },
          undefined,
          'PUT',
        )
      ).status,
    ).toBe(401);
  });

  it('bounds the guesses of the current password', async () => {
    const me = await signedIn('compte.essais@demo.fr');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await post(
            '/api/account/password',
            { currentPassword: `Faux${i}2026!`, password: 'Nouveau2026!' },
            me.token,
            'PUT',
          )
        ).status,
      );
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    // Even the right one waits now.
    expect(
      (
        await post(
          '/api/account/password',
          { currentPassword: 'Initial2026!', password: 'Nouveau2026!' },
          me.token,
          'PUT',
        )
      ).status,
    ).toBe(429);
  });
});

describe('the account: sign out everywhere', () => {
  it('revokes every refresh token of the user and refuses their access tokens', async () => {
    const first = await signedIn('compte.partout@demo.fr');
    const second = await post('/api/auth/token', { login: 'compte.partout@demo.fr', password: 'Initial2026!' });
    expect((await post('/api/account/sign-out-everywhere', {}, first.token)).status).toBe(204);
    for (const refresh of [first.refresh_token, second.json.refresh_token])
      expect((await post('/api/auth/refresh', { refresh_token: refresh })).status).toBe(401);
    for (const token of [first.token, second.json.token])
      expect((await post(`/api/users/${first.id}`, undefined, token, 'GET')).status).toBe(401);
    const [{ count }] = await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL',
      [first.id],
    );
    expect(count).toBe(0);
    // The password still opens a new session.
    expect((await post('/api/auth/token', { login: 'compte.partout@demo.fr', password: 'Initial2026!' })).status).toBe(
      200,
    );
  });
});

describe('invitations', () => {
  it('mails a code to a new user, who opens a password session with it and sets a password', async () => {
    const user = await newUser('invitee@demo.fr');
    expect(user.roles).toContain('ROLE_FIRST_CONNECT');
    expect((await t.request('POST', `/api/users/${user.id}/send-invitation`, { as: 'superadmin' })).status).toBe(204);
    const code = codeIn(lastMailTo('invitee@demo.fr'));
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await post('/api/auth/invitation', {
      email: 'invitee@demo.fr',
      code: code === '000000' ? '000001' : '000000',
    });
    expect(wrong).toMatchObject({ status: 404, json: { description: 'wrong_code' } });
    const opened = await post('/api/auth/invitation', { email: 'INVITEE@demo.fr', code });
    expect(opened.status).toBe(200);
    // The code is spent.
    expect((await post('/api/auth/invitation', { email: 'invitee@demo.fr', code })).status).toBe(404);
    const set = await post(
      '/api/auth/reinit-password/validate',
      { password: 'Choisi2026!', passwordConfirmation: 'Choisi2026!' },
      opened.json.token,
    );
    expect(set.status).toBe(200);
    expect(set.json.roles).not.toContain('ROLE_FIRST_CONNECT');
    // Choosing the password opened the full session: the invited user's first connection.
    expect(set.json.lastConnectionAt).toEqual(expect.any(String));
    const connections = await t.db.query<{ success: boolean }>(
      'SELECT success FROM user_connections WHERE user_id = $1',
      [user.id],
    );
    expect(connections).toEqual([{ success: true }]);
    expect((await post('/api/auth/token', { login: 'invitee@demo.fr', password: 'Choisi2026!' })).status).toBe(200);
    // Once active, no more invitations.
    expect((await t.request('POST', `/api/users/${user.id}/send-invitation`, { as: 'superadmin' })).status).toBe(409);
  });

  it('resends a new code (the older one ends) within the limits of every code', async () => {
    const user = await newUser('invitee.renvoi@demo.fr');
    expect((await t.request('POST', `/api/users/${user.id}/send-invitation`, { as: 'superadmin' })).status).toBe(204);
    const first = codeIn(lastMailTo('invitee.renvoi@demo.fr'));
    expect((await t.request('POST', `/api/users/${user.id}/send-invitation`, { as: 'superadmin' })).status).toBe(204);
    const second = codeIn(lastMailTo('invitee.renvoi@demo.fr'));
    if (first !== second)
      expect((await post('/api/auth/invitation', { email: 'invitee.renvoi@demo.fr', code: first })).status).toBe(404);
    expect((await t.request('POST', `/api/users/${user.id}/send-invitation`, { as: 'superadmin' })).status).toBe(204);
    const limited = await t.request('POST', `/api/users/${user.id}/send-invitation`, { as: 'superadmin' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("is the structure's administrators' and platform staff's; an unknown e-mail answers as a wrong code", async () => {
    const user = await newUser('invitee.droits@demo.fr');
    expect((await t.request('POST', `/api/users/${user.id}/send-invitation`, { as: 'admin' })).status).toBe(204);
    expect((await t.request('POST', `/api/users/${user.id}/send-invitation`, { as: 'contributor' })).status).toBe(403);
    expect((await t.request('POST', '/api/users/999999/send-invitation', { as: 'superadmin' })).status).toBe(404);
    expect(await post('/api/auth/invitation', { email: 'personne@demo.fr', code: '123456' })).toMatchObject({
      status: 404,
      json: { description: 'wrong_code' },
    });
    expect((await post('/api/auth/invitation', { email: 'personne@demo.fr' })).status).toBe(400);
  });
});

describe("an admin reading a user's page", () => {
  it('reads the access rights and the connections of another user, and grants their structure’s rights only', async () => {
    const [other] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'contributeur@demo.fr'`);
    expect((await t.request('GET', '/api/access-rights', { as: 'admin' })).status).toBe(200);
    const connections = await t.request('GET', `/api/users/${other.id}/user-connections`, {
      as: 'admin',
      accept: 'application/json',
    });
    expect(connections.status).toBe(200);
    expect(connections.json.length).toBeGreaterThan(0);
    expect(
      (await t.request('POST', '/api/access-rights', { as: 'admin', body: { code: 'x.y', label: 'X' } })).status,
    ).toBe(403);
    const [right] = await t.db.query<{ id: number }>('SELECT id FROM access_rights LIMIT 1');
    const add = await t.request('PUT', `/api/users/${other.id}/add-access-rights`, {
      as: 'admin',
      body: { accessRights: [`/api/access-rights/${right.id}`] },
    });
    // A structure's administrator grants the platform's access rights to their people (none above their own).
    expect(add.status).toBe(200);
    // A contributor still reads only their own connections, and no access rights.
    expect((await t.request('GET', `/api/users/${other.id}/user-connections`, { as: 'contributor' })).status).toBe(200);
    expect((await t.request('GET', '/api/access-rights', { as: 'contributor' })).status).toBe(403);
  });
});

describe('notification templates', () => {
  const base = { code: 'ticket_reply_test_fr', name: 'Essai', channel: 'email', locale: 'fr' };

  it('refuses an unknown {{variable}} on the field, on create and on update (also after a code change)', async () => {
    const bad = await t.request('POST', '/api/notification-templates', {
      as: 'admin',
      body: { ...base, subject: 'Re : {{ticketSubject}}', body: 'Bonjour {{prenom}}' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.violations).toEqual([expect.objectContaining({ propertyPath: 'body', code: 'unknown_variable' })]);
    const good = await t.request('POST', '/api/notification-templates', {
      as: 'admin',
      body: {
        ...base,
        subject: 'Re : {{ ticketSubject }}',
        body: 'Bonjour {{firstName}}, {{agentName}} : {{message}}',
      },
    });
    expect(good.status).toBe(201);
    const update = await t.request('PUT', `/api/notification-templates/${good.json.id}`, {
      as: 'admin',
      body: { subject: '{{code}}' },
    });
    expect(update.status).toBe(422);
    expect(update.json.violations[0].propertyPath).toBe('subject');
    // The stored body names ticket variables: a code of another family makes them unknown.
    const recode = await t.request('PUT', `/api/notification-templates/${good.json.id}`, {
      as: 'admin',
      body: { code: 'verification_code_test_fr' },
    });
    expect(recode.status).toBe(422);
    expect(recode.json.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(['subject', 'body']);
  });

  it('previews a text with sample values in each locale', async () => {
    const preview = await t.request('POST', '/api/notification-templates/preview', {
      as: 'admin',
      body: { code: 'ticket_reply_fr', subject: 'Re : {{ticketSubject}}', body: '{{firstName}} / {{ticketStatus}}' },
    });
    expect(preview.status).toBe(200);
    expect(preview.json.variables).toContain('agentName');
    expect(preview.json.locales.fr).toEqual({ subject: 'Re : Vidéo qui ne se lance pas', body: 'Camille / traité' });
    expect(preview.json.locales.en).toEqual({ subject: 'Re : Video does not start', body: 'Camille / treated' });
    const unknown = await t.request('POST', '/api/notification-templates/preview', {
      as: 'admin',
      body: { code: 'ticket_reply_fr', subject: '', body: '{{nope}}' },
    });
    expect(unknown.status).toBe(422);
    expect(
      (await t.request('POST', '/api/notification-templates/preview', { as: 'contributor', body: { code: 'x' } }))
        .status,
    ).toBe(403);
  });

  it('mails a test of a stored template to the one asking', async () => {
    const [template] = await t.db.query<{ id: number }>(
      `SELECT id FROM notification_templates WHERE code = 'ticket_reply_en'`,
    );
    expect(
      (await t.request('POST', `/api/notification-templates/${template.id}/send-test`, { as: 'admin' })).status,
    ).toBe(204);
    const mail = lastMailTo('admin@demo.fr');
    expect(mail?.subject).toBe('[Test] New reply to your request “Video does not start”');
    expect(mail?.text).toContain('Julie Bernard replied');
    expect((await t.request('POST', '/api/notification-templates/999999/send-test', { as: 'admin' })).status).toBe(404);
    expect(
      (await t.request('POST', `/api/notification-templates/${template.id}/send-test`, { as: 'contributor' })).status,
    ).toBe(403);
  });
});
