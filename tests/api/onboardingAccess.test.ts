import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../server/auth/mailer.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * After an unsubscribe: once the structure's paid period is over, its users' sign-ins and
 * refreshes are a 403 saying why, and the sessions they hold end; super admins are never locked out.
 */
let t: TestApp;
const mails: Mail[] = [];
const PASSWORD = 'Structure2026!';

beforeAll(async () => {
  t = await createTestApp({
    mailer: { send: async (mail) => void mails.push(mail) },
    config: { registrationsPerHour: 100 },
  });
});

afterAll(async () => {
  await t?.close();
});

/** A structure signed up with a free plan, its admin through the first connection: their full session. */
async function structureWithAdmin(serial: number) {
  const [france] = await t.db.query<{ id: number }>(`SELECT id FROM countries WHERE code = 'FR'`);
  const email = `direction+${serial}@college-victor-hugo.fr`;
  const signUp = await t.request('POST', '/api/users/register', {
    body: {
      company: {
        name: `Collège Victor Hugo ${serial}`,
        address: '3 rue des Écoles',
        postcode: '69003',
        city: 'Lyon',
        country: france.id,
        email: 'contact@college-victor-hugo.fr',
        phone: '0478000000',
      },
      firstName: 'Inès',
      lastName: 'Roux',
      email,
    },
  });
  expect(signUp.status).toBe(201);
  expect((await t.request('POST', '/api/subscribe', { token: signUp.json.token, body: { plan: 1 } })).status).toBe(201);
  const code = /(\d{6})/.exec(mails.filter((mail) => mail.to === email).at(-1)?.subject ?? '')?.[1];
  const checked = await t.request('POST', '/api/auth/email/check-code', { token: signUp.json.token, body: { code } });
  await t.request('POST', '/api/auth/reinit-password/validate', {
    token: checked.json.token,
    body: { password: PASSWORD, passwordConfirmation: PASSWORD },
  });
  const login = await t.request('POST', '/api/auth/token', { body: { login: email, password: PASSWORD } });
  expect(login.status).toBe(200);
  return {
    email,
    company: signUp.json.company.id as number,
    token: login.json.token as string,
    refresh: login.json.refresh_token as string,
  };
}

/** The paid period is over: what the clock does in a month, done now. */
const periodOver = (company: number) =>
  t.db.query(`UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE company_id = $1`, [
    company,
  ]);

describe("a structure's access after it left", () => {
  it('goes on until the end of the paid period', async () => {
    const { company, token, email } = await structureWithAdmin(1);
    expect((await t.request('POST', '/api/unsubscribe', { token, body: {} })).json.cancelAtPeriodEnd).toBe(true);
    expect((await t.request('GET', '/api/subscription', { token })).status).toBe(200);
    expect((await t.request('POST', '/api/auth/token', { body: { login: email, password: PASSWORD } })).status).toBe(
      200,
    );
    expect((await t.request('GET', `/api/subscription?company=${company}`, { as: 'superadmin' })).status).toBe(200);
  });

  it('then refuses sign-ins and refreshes with a 403 saying why, and ends the sessions held', async () => {
    const { company, token, refresh, email } = await structureWithAdmin(2);
    await t.request('POST', '/api/unsubscribe', { token, body: {} });
    await periodOver(company);

    expect((await t.request('GET', '/api/subscription', { token })).status).toBe(401);
    const refused = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: refresh } });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ status: 403, description: 'access_ended' });
    expect(new Date(refused.json.accessEndedAt).getTime()).toBeLessThan(Date.now());
    // The refused refresh ended the family: it does not come back once the structure subscribes again.
    const [{ revoked }] = await t.db.query<{ revoked: boolean }>(
      "SELECT bool_and(revoked_at IS NOT NULL) AS revoked FROM refresh_tokens WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
      [refresh],
    );
    expect(revoked).toBe(true);

    const login = await t.request('POST', '/api/auth/token', { body: { login: email, password: PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.json.description).toBe('access_ended');
    expect(login.json.token).toBeUndefined();
    // Only the right password learns why: a wrong one is the usual 401.
    expect(
      (await t.request('POST', '/api/auth/token', { body: { login: email, password: 'Wrong2026!' } })).status,
    ).toBe(401);
  });

  it('ends at once for a plan left while it still awaited its payment', async () => {
    const { company, token, email } = await structureWithAdmin(3);
    // A super admin puts the structure back on a paid plan never paid, then ends it.
    await t.db.query(
      `UPDATE subscriptions SET status = 'awaiting_payment', setup_intent = 'seti_never' || $1::text WHERE company_id = $1`,
      [company],
    );
    expect((await t.request('POST', '/api/unsubscribe', { as: 'superadmin', body: { company } })).json.status).toBe(
      'canceled',
    );
    expect((await t.request('GET', '/api/subscription', { token })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/token', { body: { login: email, password: PASSWORD } })).status).toBe(
      403,
    );
  });

  it('never locks out a super admin, nor the users of another structure', async () => {
    const { company, token } = await structureWithAdmin(4);
    const other = await structureWithAdmin(5);
    await t.db.query(
      `INSERT INTO users (email, first_name, last_name, type, roles, company_id, password_hash, locale)
       VALUES ('plateforme@college-victor-hugo.fr', 'Marc', 'Petit', 'admin', '{ROLE_SUPER_ADMIN}', $1, $2, 'fr')`,
      [company, await hashPassword(PASSWORD)],
    );
    await t.request('POST', '/api/unsubscribe', { token, body: {} });
    await periodOver(company);
    const superAdmin = await t.request('POST', '/api/auth/token', {
      body: { login: 'plateforme@college-victor-hugo.fr', password: PASSWORD },
    });
    expect(superAdmin.status).toBe(200);
    expect(
      (await t.request('GET', `/api/subscription?company=${company}`, { token: superAdmin.json.token })).status,
    ).toBe(200);
    expect(
      (await t.request('POST', '/api/auth/refresh', { body: { refresh_token: superAdmin.json.refresh_token } })).status,
    ).toBe(200);
    expect((await t.request('GET', '/api/subscription', { token: other.token })).status).toBe(200);
  });

  it('comes back when a super admin puts the structure on a plan again', async () => {
    const { company, token, email } = await structureWithAdmin(6);
    await t.request('POST', '/api/unsubscribe', { token, body: {} });
    // While the period runs, the plan left is still the active one: no second plan beside it.
    expect((await t.request('POST', '/api/subscribe', { as: 'superadmin', body: { plan: 1, company } })).status).toBe(
      409,
    );
    await periodOver(company);
    expect((await t.request('POST', '/api/auth/token', { body: { login: email, password: PASSWORD } })).status).toBe(
      403,
    );
    const again = await t.request('POST', '/api/subscribe', { as: 'superadmin', body: { plan: 1, company } });
    expect(again.json).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect((await t.request('POST', '/api/auth/token', { body: { login: email, password: PASSWORD } })).status).toBe(
      200,
    );
    expect(await t.db.query('SELECT status FROM subscriptions WHERE company_id = $1 ORDER BY id', [company])).toEqual([
      { status: 'canceled' },
      { status: 'active' },
    ]);
  });
});
