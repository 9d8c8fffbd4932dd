import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../server/auth/mailer.ts';
import { StripeClient } from '../../server/integrations/payments.ts';
import { startStandIn, type StandInServer } from '../../server/integrations/standins/standInServer.ts';
import { stripeStandIn } from '../../server/integrations/standins/stripeStandIn.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The plan step of the sign-up and leaving: POST /api/subscribe, the SetupIntent of a paid plan
 * on the Stripe stand-in, GET /api/payments/check-status, POST /api/unsubscribe; and the public calls' caps.
 */
let t: TestApp;
let stripe: StandInServer;
const mails: Mail[] = [];
let serial = 0;

beforeAll(async () => {
  stripe = await startStandIn(stripeStandIn('sk_test_plans'));
  t = await createTestApp({
    mailer: { send: async (mail) => void mails.push(mail) },
    payments: new StripeClient({ secretKey: 'sk_test_plans', url: stripe.url }),
    config: { registrationsPerHour: 100 },
  });
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function registered() {
  serial += 1;
  const [france] = await t.db.query<{ id: number }>(`SELECT id FROM countries WHERE code = 'FR'`);
  const email = `direction+${serial}@lycee-jean-moulin.fr`;
  const response = await t.request('POST', '/api/users/register', {
    body: {
      company: {
        name: `Lycée Jean Moulin ${serial}`,
        address: '8 Boulevard de la Liberté',
        postcode: '59000',
        city: 'Lille',
        country: france.id,
        email: 'secretariat@lycee-jean-moulin.fr',
        phone: '+33320000000',
      },
      firstName: 'Paul',
      lastName: 'Girard',
      email,
    },
  });
  expect(response.status).toBe(201);
  return { email, token: response.json.token as string, company: response.json.company.id as number };
}

/** The full session of a structure's admin who went through the first connection. */
async function fullAdmin(email: string, token: string) {
  const code = /(\d{6})/.exec(mails.filter((mail) => mail.to === email).at(-1)?.subject ?? '')?.[1];
  const checked = await t.request('POST', '/api/auth/email/check-code', { token, body: { code } });
  const set = await t.request('POST', '/api/auth/reinit-password/validate', {
    token: checked.json.token,
    body: { password: 'Structure2026!', passwordConfirmation: 'Structure2026!' },
  });
  expect(set.status).toBe(200);
  return (await t.request('POST', '/api/auth/token', { body: { login: email, password: 'Structure2026!' } })).json
    .token as string;
}

describe('choosing a plan', () => {
  it('needs a plan: none (-1) or an unknown one is a 422 on "plan"', async () => {
    const { token } = await registered();
    for (const plan of [-1, undefined, 99, 'abc']) {
      const response = await t.request('POST', '/api/subscribe', { token, body: { plan } });
      expect(response.status, String(plan)).toBe(422);
      expect(response.json.violations[0]).toMatchObject({ propertyPath: 'plan', code: 'choice' });
    }
  });

  it('starts a free plan at once, for one period', async () => {
    const { token, company } = await registered();
    const response = await t.request('POST', '/api/subscribe', { token, body: { plan: 1 } });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      company,
      plan: { id: 1, name: 'Découverte', price: 0, seats: 5, period: 'month' },
      status: 'active',
      setupIntent: null,
      payment: null,
    });
    const end = new Date(response.json.currentPeriodEnd).getTime() - new Date(response.json.startedAt).getTime();
    expect(end / 86_400_000).toBeGreaterThanOrEqual(28);
    // An active plan is not replaced by a second sign-up step.
    expect((await t.request('POST', '/api/subscribe', { token, body: { plan: 2 } })).status).toBe(409);
  });

  it('takes a paid plan through a SetupIntent: a declined card, then an accepted one', async () => {
    const { token, company } = await registered();
    const response = await t.request('POST', '/api/subscribe', { token, body: { plan: 2 } });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      status: 'awaiting_payment',
      plan: { name: 'Établissement', price: 49 },
      payment: { mode: 'test' },
    });
    const { id, clientSecret } = response.json.setupIntent;
    expect(id).toMatch(/^seti_/);
    expect(clientSecret).toMatch(new RegExp(`^${id}_secret_`));
    const status = async () =>
      (await t.request('GET', `/api/payments/check-status?setupIntent=${id}`, { token })).json.status;
    expect(await status()).toBe('requires_payment_method');

    const declined = await t.request('POST', '/api/payments/confirm-test', {
      token,
      body: { setupIntent: id, paymentMethod: 'pm_card_chargeDeclined' },
    });
    expect(declined.json).toEqual({ status: 'requires_payment_method' });
    expect((await t.db.query('SELECT status FROM subscriptions WHERE company_id = $1', [company]))[0].status).toBe(
      'awaiting_payment',
    );
    expect(
      (
        await t.request('POST', '/api/payments/confirm-test', {
          token,
          body: { setupIntent: id, paymentMethod: 'tok_visa; drop' },
        })
      ).status,
    ).toBe(422);

    const accepted = await t.request('POST', '/api/payments/confirm-test', {
      token,
      body: { setupIntent: id, paymentMethod: 'pm_card_visa' },
    });
    expect(accepted.json).toEqual({ status: 'succeeded' });
    expect(await status()).toBe('succeeded');
    const [row] = await t.db.query('SELECT status, plan_name, price_cents FROM subscriptions WHERE company_id = $1', [
      company,
    ]);
    expect(row).toEqual({ status: 'active', plan_name: 'Établissement', price_cents: 4900 });
  });

  it('replaces a plan still awaiting its payment', async () => {
    const { token, company } = await registered();
    await t.request('POST', '/api/subscribe', { token, body: { plan: 3 } });
    const free = await t.request('POST', '/api/subscribe', { token, body: { plan: 1 } });
    expect(free.status).toBe(201);
    expect(await t.db.query('SELECT plan_id, status FROM subscriptions WHERE company_id = $1', [company])).toEqual([
      { plan_id: 1, status: 'active' },
    ]);
  });

  it("never shows or touches another structure's SetupIntent", async () => {
    const owner = await registered();
    const intent = (await t.request('POST', '/api/subscribe', { token: owner.token, body: { plan: 2 } })).json
      .setupIntent.id;
    const other = await registered();
    expect(
      (await t.request('GET', `/api/payments/check-status?setupIntent=${intent}`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (
        await t.request('POST', '/api/payments/confirm-test', {
          token: other.token,
          body: { setupIntent: intent, paymentMethod: 'pm_card_visa' },
        })
      ).status,
    ).toBe(404);
    expect((await t.request('GET', `/api/payments/check-status?setupIntent=${intent}`, { as: 'admin' })).status).toBe(
      404,
    );
    expect(
      (await t.request('GET', `/api/payments/check-status?setupIntent=${intent}`, { as: 'superadmin' })).json,
    ).toEqual({ status: 'requires_payment_method' });
    expect((await t.request('GET', `/api/payments/check-status?setupIntent=${intent}`, { as: null })).status).toBe(401);
  });

  it('refuses a contributor (403) and a call without a session (401)', async () => {
    expect((await t.request('POST', '/api/subscribe', { as: 'contributor', body: { plan: 1 } })).status).toBe(403);
    expect((await t.request('POST', '/api/subscribe', { as: null, body: { plan: 1 } })).status).toBe(401);
    expect(
      (await t.request('POST', '/api/subscribe', { as: 'superadmin', body: { plan: 1 } })).json.violations[0]
        .propertyPath,
    ).toBe('company');
  });
});

describe('leaving', () => {
  it("ends the structure's access at the end of its paid period", async () => {
    const { email, token, company } = await registered();
    await t.request('POST', '/api/subscribe', { token, body: { plan: 1 } });
    // The sign-up's restricted session may choose a plan, not leave.
    expect((await t.request('POST', '/api/unsubscribe', { token, body: {} })).status).toBe(403);
    const admin = await fullAdmin(email, token);
    const current = await t.request('GET', '/api/subscription', { token: admin });
    expect(current.json).toMatchObject({ company, status: 'active', cancelAtPeriodEnd: false });
    const left = await t.request('POST', '/api/unsubscribe', { token: admin, body: {} });
    expect(left.status).toBe(200);
    expect(left.json).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      accessEndsAt: current.json.currentPeriodEnd,
    });
  });

  it("lets a super admin end any structure's plan, and answers 404 when there is none", async () => {
    const { token, company } = await registered();
    // No plan yet is an answer: null, not a missing resource.
    const none = await t.request('GET', `/api/subscription?company=${company}`, { as: 'superadmin' });
    expect(none.status).toBe(200);
    expect(none.json).toBeNull();
    await t.request('POST', '/api/subscribe', { token, body: { plan: 2 } });
    const ended = await t.request('POST', '/api/unsubscribe', { as: 'superadmin', body: { company } });
    expect(ended.json).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect((await t.request('POST', '/api/unsubscribe', { as: 'superadmin', body: { company } })).status).toBe(404);
    expect((await t.request('POST', '/api/unsubscribe', { as: 'admin', body: {} })).status).toBe(404);
    expect((await t.request('POST', '/api/unsubscribe', { as: 'contributor', body: {} })).status).toBe(403);
  });
});

describe('the audit log', () => {
  const entriesSince = async (mark: number) =>
    (
      await t.db.query<{ action: string; resource: string; record_id: number | null }>(
        'SELECT action, resource, record_id FROM audit_log WHERE id > $1 ORDER BY id',
        [mark],
      )
    ).map((entry) => [entry.action, entry.resource, entry.record_id]);
  const mark = async () => Number((await t.db.query<{ id: number }>('SELECT max(id) AS id FROM audit_log'))[0].id);

  it('names a sign-up, a plan chosen and ended, a structure and a user invited, each one entry', async () => {
    let from = await mark();
    const { token, company } = await registered();
    expect(await entriesSince(from)).toEqual([['register', 'companies', company]]);
    from = await mark();
    expect((await t.request('POST', '/api/subscribe', { token, body: { plan: 1 } })).status).toBe(201);
    expect(await entriesSince(from)).toEqual([['subscribe', 'companies', company]]);
    from = await mark();
    expect((await t.request('POST', '/api/unsubscribe', { as: 'superadmin', body: { company } })).status).toBe(200);
    expect(await entriesSince(from)).toEqual([['unsubscribe', 'companies', company]]);

    from = await mark();
    const invited = await t.request('POST', '/api/invitations', { as: 'superadmin', body: { name: 'Collège invité' } });
    expect(invited.status).toBe(201);
    expect(await entriesSince(from)).toEqual([['invite', 'companies', invited.json.company]]);

    const user = await t.request('POST', '/api/users', {
      as: 'superadmin',
      body: {
        email: `invite.journal+${serial}@demo.fr`,
        firstName: 'Nina',
        lastName: 'Rousseau',
        type: 'contributor',
        roles: ['ROLE_USER'],
        company: `/api/companies/${t.users.admin.company}`,
      },
    });
    expect(user.status).toBe(201);
    from = await mark();
    const sent = await t.request('POST', `/api/users/${user.json.id}/send-invitation`, { as: 'superadmin' });
    expect(sent.status).toBe(204);
    expect(await entriesSince(from)).toEqual([['invite', 'users', user.json.id]]);
  });
});

describe('caps on the public calls', () => {
  it('bounds sign-ups per address (429), and a paid plan needs a payment provider (503)', async () => {
    const capped = await createTestApp({ config: { registrationsPerHour: 2 } });
    try {
      const [france] = await capped.db.query<{ id: number }>(`SELECT id FROM countries WHERE code = 'FR'`);
      const body = (n: number) => ({
        company: {
          name: `Structure ${n}`,
          address: '1 Place du Capitole',
          postcode: '31000',
          city: 'Toulouse',
          country: france.id,
          email: 'contact@structure.fr',
          phone: '0561000000',
        },
        firstName: 'Léa',
        lastName: 'Martin',
        email: `lea.martin+${n}@structure.fr`,
      });
      const first = await capped.request('POST', '/api/users/register', { body: body(1) });
      expect(first.status).toBe(201);
      expect((await capped.request('POST', '/api/users/register', { body: body(2) })).status).toBe(201);
      const third = await capped.request('POST', '/api/users/register', { body: body(3) });
      expect(third.status).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect(
        (await capped.request('POST', '/api/subscribe', { token: first.json.token, body: { plan: 2 } })).status,
      ).toBe(503);
      let limited = 0;
      for (let i = 0; i < 12; i++)
        if ((await capped.request('GET', `/api/public/companies/MQ/guess-${i}`, { as: null })).status === 429)
          limited += 1;
      expect(limited).toBe(2);
    } finally {
      await capped.close();
    }
  });
});
