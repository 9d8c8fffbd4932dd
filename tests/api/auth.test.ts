import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { wantsPostgres } from './support/template.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/** Login, the connection log and the health check. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

async function connections(userId: number | null) {
  return t.db.query<{ success: boolean; ip: string | null; user_agent: string | null }>(
    `SELECT success, ip, user_agent FROM user_connections WHERE user_id IS NOT DISTINCT FROM $1 ORDER BY id`,
    [userId],
  );
}

describe('POST /api/auth/token', () => {
  for (const account of DEMO_ACCOUNTS)
    it(`logs ${account.email} in`, async () => {
      const [user] = await t.db.query<{ id: number; company_id: number | null }>(
        'SELECT id, company_id FROM users WHERE email = $1',
        [account.email],
      );
      const before = (await connections(user.id)).length;
      const response = await t.request('POST', '/api/auth/token', {
        body: { login: account.email, password: DEMO_PASSWORD },
        headers: { 'user-agent': 'api-tests' },
      });
      expect(response.status, response.body).toBe(200);
      expect(typeof response.json.token).toBe('string');
      expect(typeof response.json.refresh_token).toBe('string');
      const payload = payloadOf(response.json.token);
      expect(payload).toMatchObject({
        role: [...account.roles],
        company: user.company_id,
        employeeId: user.id,
        username: account.email,
      });
      expect(payload.exp - payload.iat).toBe(t.config.jwtTtl);
      expect(Math.abs(payload.iat - Date.now() / 1000)).toBeLessThan(60);
      const log = await connections(user.id);
      expect(log).toHaveLength(before + 1);
      expect(log.at(-1)).toMatchObject({ success: true, user_agent: 'api-tests' });
      // The token opens the API.
      const me = await t.request('GET', `/api/users/${user.id}`, { token: response.json.token });
      expect(me.status, me.body).toBe(200);
    });

  it('accepts the login whatever its case', async () => {
    const response = await t.request('POST', '/api/auth/token', {
      body: { login: DEMO_ACCOUNTS[1].email.toUpperCase(), password: DEMO_PASSWORD },
    });
    expect(response.status, response.body).toBe(200);
  });

  it('refuses a wrong password with 401 Invalid credentials. and logs the failure', async () => {
    const account = DEMO_ACCOUNTS[2];
    const [user] = await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [account.email]);
    const before = (await connections(user.id)).length;
    const response = await t.request('POST', '/api/auth/token', {
      body: { login: account.email, password: 'Wrong-Passw0rd' },
    });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ code: 401, message: 'Invalid credentials.' });
    const log = await connections(user.id);
    expect(log).toHaveLength(before + 1);
    expect(log.at(-1)?.success).toBe(false);
  });

  it('refuses an unknown login with the same answer and logs the attempt', async () => {
    const before = (await connections(null)).length;
    const response = await t.request('POST', '/api/auth/token', {
      body: { login: 'personne@inconnu.fr', password: DEMO_PASSWORD },
    });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ code: 401, message: 'Invalid credentials.' });
    const log = await connections(null);
    expect(log).toHaveLength(before + 1);
    expect(log.at(-1)?.success).toBe(false);
  });

  it('refuses a body without login or password with a 400', async () => {
    for (const body of [{}, { login: DEMO_ACCOUNTS[0].email }, { login: 1, password: 2 }]) {
      const response = await t.request('POST', '/api/auth/token', { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.request('POST', '/api/auth/token', { rawBody: '{"login":' })).status).toBe(400);
  });
});

describe('GET /api/health', () => {
  it('answers ok with the kind of database, without a token', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: 'ok', database: wantsPostgres() ? 'postgresql' : 'pglite' });
  });
});
