import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../server/auth/mailer.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/** API.md's authentication calls end to end: rotation, reset by code, first connection, throttling. */
const mails: Mail[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async (mail) => void mails.push(mail) } });
});
afterAll(async () => {
  await t?.close();
});

const payload = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
const lastCodeFor = (email: string) => {
  const mail = [...mails].reverse().find((candidate) => candidate.to === email);
  return /(\d{6})/.exec(mail?.subject ?? '')?.[1] ?? '';
};

async function post(url: string, body: unknown, token?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, json: response.body ? response.json() : undefined, headers: response.headers };
}

async function login(email: string, password = 'Demo2026!') {
  return post('/api/auth/token', { login: email, password });
}

async function newUser(email: string) {
  const created = await t.request('POST', '/api/users', {
    as: 'superadmin',
    body: {
      email,
      firstName: 'Nina',
      lastName: 'Rousseau',
      type: 'contributor',
      roles: ['ROLE_USER'],
      password: 'Initial2026!',
      company: `/api/companies/${t.users.admin.company}`,
    },
  });
  expect(created.status).toBe(201);
  return created.json;
}

describe('refresh', () => {
  it('rotates: a refresh token works once and the new pair works', async () => {
    const first = await login('admin@demo.fr');
    const second = await post('/api/auth/refresh', {
      refresh_token: first.json.refresh_token,
      type: 'admin',
      isBoConnection: true,
    });
    expect(second.status).toBe(200);
    expect(payload(second.json.token)).toMatchObject({ role: ['ROLE_ADMIN'], username: 'admin@demo.fr' });
    const third = await post('/api/auth/refresh', {
      refresh_token: second.json.refresh_token,
      type: 'admin',
      isBoConnection: true,
    });
    expect(third.status).toBe(200);
  });

  it('revokes the whole session when a spent token is presented again', async () => {
    const first = await login('admin@demo.fr');
    const second = await post('/api/auth/refresh', { refresh_token: first.json.refresh_token });
    const replay = await post('/api/auth/refresh', { refresh_token: first.json.refresh_token });
    expect(replay.status).toBe(401);
    expect(replay.json).toEqual({ code: 401, message: 'Invalid JWT Refresh Token' });
    // The legitimate holder's newer token died with the family.
    expect((await post('/api/auth/refresh', { refresh_token: second.json.refresh_token })).status).toBe(401);
  });

  it('answers 401 for an unknown or expired refresh token', async () => {
    expect((await post('/api/auth/refresh', { refresh_token: 'inconnu' })).json).toEqual({
      code: 401,
      message: 'JWT Refresh Token Not Found',
    });
    const session = await login('admin@demo.fr');
    await t.db.query(
      `UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL AND revoked_at IS NULL`,
    );
    expect((await post('/api/auth/refresh', { refresh_token: session.json.refresh_token })).json).toEqual({
      code: 401,
      message: 'Expired JWT Refresh Token',
    });
  });

  it('opens a second session for another tab, a family of its own, without spending the first', async () => {
    const first = await login('admin@demo.fr');
    const forked = await post('/api/auth/fork', { refresh_token: first.json.refresh_token }, first.json.token);
    expect(forked.status).toBe(200);
    expect(payload(forked.json.token)).toMatchObject({ employeeId: t.users.admin.id, scope: 'full' });
    expect(payload(forked.json.token).sid).not.toBe(payload(first.json.token).sid);
    // Each tab renews its own: neither spends the other's token, so no reuse is detected.
    for (const refreshToken of [first.json.refresh_token, forked.json.refresh_token])
      expect((await post('/api/auth/refresh', { refresh_token: refreshToken })).status).toBe(200);
    // Signing out of one tab's session leaves the other's.
    expect((await post('/api/auth/sign-out', {}, forked.json.token)).status).toBe(204);
    expect((await post('/api/auth/fork', { refresh_token: 'x' }, first.json.token)).status).toBe(401);
  });

  it('refuses to open another tab without the same session’s current refresh token, or from a code session', async () => {
    const first = await login('admin@demo.fr');
    const other = await login('admin@demo.fr');
    // Another session's refresh token, a spent one, none: refused.
    expect((await post('/api/auth/fork', { refresh_token: other.json.refresh_token }, first.json.token)).status).toBe(
      401,
    );
    const renewed = await post('/api/auth/refresh', { refresh_token: first.json.refresh_token });
    expect((await post('/api/auth/fork', { refresh_token: first.json.refresh_token }, renewed.json.token)).status).toBe(
      401,
    );
    expect((await post('/api/auth/fork', { refresh_token: renewed.json.refresh_token })).status).toBe(401);
    expect((await post('/api/auth/fork', {}, renewed.json.token)).status).toBe(400);
    // A stolen access token alone opens nothing; with its refresh token, the fork works.
    expect(
      (await post('/api/auth/fork', { refresh_token: renewed.json.refresh_token }, renewed.json.token)).status,
    ).toBe(200);
    await newUser('onglet.restreint@demo.fr');
    const restricted = await login('onglet.restreint@demo.fr', 'Initial2026!');
    expect(
      (await post('/api/auth/fork', { refresh_token: restricted.json.refresh_token }, restricted.json.token)).status,
    ).toBe(403);
  });

  it('answers 400 without a refresh token', async () => {
    expect((await post('/api/auth/refresh', {})).status).toBe(400);
  });
});

describe('password reset by code', () => {
  it('goes e-mail → code → new password → full session', async () => {
    const request = await post('/api/auth/reinit-password/request', {
      email: 'CONTRIBUTEUR@demo.fr',
      type: 'admin',
      brand: '1',
    });
    expect(request.status).toBe(200);
    expect(payload(request.json.token).role).toEqual(['ROLE_FIRST_CONNECT']);
    expect(mails.at(-1)?.to).toBe('contributeur@demo.fr');
    expect(mails.at(-1)?.text).toContain('Voici le code pour choisir un nouveau mot de passe');

    // The restricted session reaches nothing else.
    const blocked = await t.app.inject({
      url: '/api/courses',
      headers: { authorization: `Bearer ${request.json.token}` },
    });
    expect(blocked.statusCode).toBe(403);

    const wrong = await post(
      '/api/auth/email/check-code',
      { code: lastCodeFor('contributeur@demo.fr') === '000000' ? '111111' : '000000' },
      request.json.token,
    );
    expect(wrong.status).toBe(404);
    expect(wrong.json.description).toBe('wrong_code');

    const checked = await post(
      '/api/auth/email/check-code',
      { code: lastCodeFor('contributeur@demo.fr') },
      request.json.token,
    );
    expect(checked.status).toBe(200);
    expect(payload(checked.json.token).role).toEqual(['ROLE_FIRST_CONNECT']);

    const weak = await post(
      '/api/auth/reinit-password/validate',
      { password: 'court', passwordConfirmation: 'court' },
      checked.json.token,
    );
    expect(weak.status).toBe(422);
    expect(weak.json.violations[0].propertyPath).toBe('password');
    const mismatch = await post(
      '/api/auth/reinit-password/validate',
      { password: 'Nouveau2026!', passwordConfirmation: 'Nouveau2027!' },
      checked.json.token,
    );
    expect(mismatch.json.violations[0].propertyPath).toBe('passwordConfirmation');

    const validated = await post(
      '/api/auth/reinit-password/validate',
      { password: 'Nouveau2026!', passwordConfirmation: 'Nouveau2026!' },
      checked.json.token,
    );
    expect(validated.status).toBe(200);
    expect(validated.json.email).toBe('contributeur@demo.fr');

    const full = await post('/api/auth/refresh', { refresh_token: checked.json.refresh_token });
    expect(payload(full.json.token).role).toEqual(['ROLE_USER']);
    expect((await login('contributeur@demo.fr', 'Nouveau2026!')).status).toBe(200);
    expect((await login('contributeur@demo.fr', 'Demo2026!')).status).toBe(401);
  });

  it('words the code mail by what it is for: a reset, or a first connection that has no password yet', async () => {
    const lastMailTo = (email: string) => [...mails].reverse().find((mail) => mail.to === email)!;
    expect((await post('/api/auth/reinit-password/request', { email: 'admin@demo.fr' })).status).toBe(200);
    const reset = lastMailTo('admin@demo.fr');
    expect(reset.text).toContain('choisir un nouveau mot de passe');
    expect(reset.text).toContain('votre mot de passe reste inchangé');
    await newUser('premier.code@demo.fr');
    expect((await login('premier.code@demo.fr', 'Initial2026!')).status).toBe(200);
    const first = lastMailTo('premier.code@demo.fr');
    expect(first.text).toContain('confirme votre adresse e-mail');
    expect(first.text).not.toContain('mot de passe');
  });

  it('answers 404 for an unknown e-mail', async () => {
    const unknown = await post('/api/auth/reinit-password/request', {
      email: 'personne@demo.fr',
      type: 'admin',
      brand: '1',
    });
    expect(unknown.status).toBe(404);
  });

  it('ends the restricted session with its code: an expired code, or five wrong tries, and no mail is sent unasked', async () => {
    const request = await post('/api/auth/reinit-password/request', {
      email: 'admin@demo.fr',
      type: 'admin',
      brand: '1',
    });
    await t.db.query(`UPDATE auth_codes SET expires_at = now() - interval '1 second' WHERE consumed_at IS NULL`);
    const sentBefore = mails.length;
    const expired = await post(
      '/api/auth/email/check-code',
      { code: lastCodeFor('admin@demo.fr') },
      request.json.token,
    );
    expect(expired.status).toBe(404);
    expect(expired.json.description).toBe('code_expired');
    expect(mails.length).toBe(sentBefore);
    expect((await post('/api/auth/email/resend-code', {}, request.json.token)).status).toBe(401);

    const again = await post('/api/auth/reinit-password/request', {
      email: 'admin@demo.fr',
      type: 'admin',
      brand: '1',
    });
    const good = lastCodeFor('admin@demo.fr');
    const bad = good === '999999' ? '888888' : '999999';
    for (let attempt = 0; attempt < 4; attempt++)
      expect((await post('/api/auth/email/check-code', { code: bad }, again.json.token)).json.description).toBe(
        'wrong_code',
      );
    const fifth = await post('/api/auth/email/check-code', { code: bad }, again.json.token);
    expect(fifth.json.description).toBe('too_many_tries');
    // The right code is worth nothing now, and the session's refresh token is revoked.
    expect((await post('/api/auth/email/check-code', { code: good }, again.json.token)).status).toBe(401);
    expect((await post('/api/auth/refresh', { refresh_token: again.json.refresh_token })).status).toBe(401);
  });

  it('resends a code on demand (204) and refuses check-code from a full session', async () => {
    const request = await post('/api/auth/reinit-password/request', {
      email: 'superadmin@demo.fr',
      type: 'admin',
      brand: '1',
    });
    const before = mails.length;
    expect((await post('/api/auth/email/resend-code', {}, request.json.token)).status).toBe(204);
    expect(mails.length).toBe(before + 1);
    const full = await login('superadmin@demo.fr');
    expect((await post('/api/auth/email/check-code', { code: '123456' }, full.json.token)).status).toBe(403);
  });
});

describe('first connection', () => {
  it('a user created by an administrator logs in to a restricted session, then sets a password', async () => {
    await newUser('nina.rousseau@demo.fr');
    const first = await login('nina.rousseau@demo.fr', 'Initial2026!');
    expect(first.status).toBe(200);
    expect(payload(first.json.token).role).toEqual(['ROLE_FIRST_CONNECT']);
    const checked = await post(
      '/api/auth/email/check-code',
      { code: lastCodeFor('nina.rousseau@demo.fr') },
      first.json.token,
    );
    expect(checked.status).toBe(200);
    await post(
      '/api/auth/reinit-password/validate',
      { password: 'Choisi2026!', passwordConfirmation: 'Choisi2026!' },
      checked.json.token,
    );
    const next = await login('nina.rousseau@demo.fr', 'Choisi2026!');
    expect(payload(next.json.token).role).toEqual(['ROLE_USER']);
  });

  it('lets a restricted session read its own user only', async () => {
    const user = await newUser('leo.garnier@demo.fr');
    const first = await login('leo.garnier@demo.fr', 'Initial2026!');
    const own = await t.app.inject({
      url: `/api/users/${user.id}`,
      headers: { authorization: `Bearer ${first.json.token}` },
    });
    expect(own.statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/users', headers: { authorization: `Bearer ${first.json.token}` } });
    expect(list.statusCode).toBe(403);
  });
});

describe('login', () => {
  it('records every attempt in user-connections and sets lastConnectionAt on success', async () => {
    const [before] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM user_connections c JOIN users u ON u.id = c.user_id WHERE u.email = 'admin@demo.fr'`,
    );
    await login('admin@demo.fr', 'mauvais');
    await login('admin@demo.fr');
    const rows = await t.db.query<{ success: boolean }>(
      `SELECT c.success FROM user_connections c JOIN users u ON u.id = c.user_id WHERE u.email = 'admin@demo.fr' ORDER BY c.id DESC LIMIT 2`,
    );
    expect(rows.map((row) => row.success)).toEqual([true, false]);
    const [after] = await t.db.query<{ n: number; last: Date }>(
      `SELECT count(*)::int AS n, max(u.last_connection_at) AS last FROM user_connections c JOIN users u ON u.id = c.user_id WHERE u.email = 'admin@demo.fr'`,
    );
    expect(after.n).toBe(before.n + 2);
    expect(Date.now() - new Date(after.last).getTime()).toBeLessThan(60_000);
  });

  it('throttles repeated failures for one login with 429 and Retry-After', async () => {
    let last;
    for (let attempt = 0; attempt < 6; attempt++) last = await login('superadmin@demo.fr', `faux-${attempt}`);
    expect(last?.status).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    // Another login from the same address is not blocked by that one.
    expect((await login('admin@demo.fr')).status).toBe(200);
  });
});

describe('error reports', () => {
  it('stores a reported failed call, listed for super admins', async () => {
    const report = await post('/api/errorCall', {
      details: { message: 'Internal Server Error' },
      status: 500,
      timestamp: Date.now(),
      url: 'https://bo.exemple.fr/courses',
      companyId: 1,
      employeeId: 2,
      endpoint: '/api/courses',
      protocol: 'https:',
    });
    expect(report.status).toBe(204);
    const list = await t.request('GET', '/api/error-calls', { as: 'superadmin', accept: 'application/json' });
    expect(list.json[0]).toMatchObject({ status: 500, endpoint: '/api/courses', protocol: 'https:' });
  });
});
