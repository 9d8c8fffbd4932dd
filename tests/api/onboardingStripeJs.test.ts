import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../server/auth/mailer.ts';
import { cspDirectives } from '../../server/http/securityHeaders.ts';
import { StripeClient } from '../../server/integrations/payments.ts';
import { startStandIn, type StandInServer } from '../../server/integrations/standins/standInServer.ts';
import { stripeStandIn } from '../../server/integrations/standins/stripeStandIn.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * A paid plan with a Stripe publishable key configured: the browser confirms the SetupIntent with
 * Stripe.js, here the stand-in's, over Stripe's own protocol; the CSP opens to Stripe only then.
 */
const SECRET = 'sk_test_stripejs';
const PUBLISHABLE = 'pk_test_stripejs';
let t: TestApp;
let stripe: StandInServer;
const mails: Mail[] = [];

beforeAll(async () => {
  stripe = await startStandIn(stripeStandIn(SECRET, PUBLISHABLE));
  t = await createTestApp({
    mailer: { send: async (mail) => void mails.push(mail) },
    payments: new StripeClient({ secretKey: SECRET, url: stripe.url }),
    config: {
      registrationsPerHour: 100,
      stripe: { secretKey: SECRET, publishableKey: PUBLISHABLE, url: stripe.url, jsUrl: `${stripe.url}/v3/` },
    },
  });
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** What Stripe.js sends from the page: form-encoded, the publishable key in the body, no credentials. */
const fromBrowser = async (path: string, form: Record<string, string>) => {
  const response = await fetch(`${stripe.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams({ ...form, key: PUBLISHABLE }),
  });
  return {
    status: response.status,
    cors: response.headers.get('access-control-allow-origin'),
    json: await response.json(),
  };
};
const card = (number: string) => ({
  type: 'card',
  'card[number]': number,
  'card[exp_month]': '12',
  'card[exp_year]': String(new Date().getFullYear() + 2),
  'card[cvc]': '123',
});

async function paidPlan() {
  const [france] = await t.db.query<{ id: number }>(`SELECT id FROM countries WHERE code = 'FR'`);
  const signUp = await t.request('POST', '/api/users/register', {
    body: {
      company: {
        name: 'Institut Pasteur de Lille',
        address: '1 rue du Professeur Calmette',
        postcode: '59000',
        city: 'Lille',
        country: france.id,
        email: 'contact@institut-lille.fr',
        phone: '0320877800',
      },
      firstName: 'Hugo',
      lastName: 'Lambert',
      email: `hugo.lambert+${mails.length}@institut-lille.fr`,
    },
  });
  const subscribed = await t.request('POST', '/api/subscribe', { token: signUp.json.token, body: { plan: 2 } });
  expect(subscribed.status).toBe(201);
  return {
    token: signUp.json.token as string,
    ...(subscribed.json as { setupIntent: { id: string; clientSecret: string }; payment: unknown }),
  };
}

describe('the Stripe.js path', () => {
  it('tells the page to load Stripe.js with the publishable key, and the stand-in serves it', async () => {
    const { payment } = await paidPlan();
    expect(payment).toEqual({ mode: 'stripe', publishableKey: PUBLISHABLE, jsUrl: `${stripe.url}/v3/` });
    const script = await fetch(`${stripe.url}/v3/`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('window.Stripe = function Stripe');
  });

  it('confirms with a card from the browser: a declined one, then an accepted one, and check-status follows', async () => {
    const { token, setupIntent } = await paidPlan();
    const status = async () =>
      (await t.request('GET', `/api/payments/check-status?setupIntent=${setupIntent.id}`, { token })).json.status;

    const invalid = await fromBrowser('/v1/payment_methods', card('4242424242424241'));
    expect(invalid).toMatchObject({
      status: 402,
      cors: '*',
      json: { error: { type: 'card_error', code: 'incorrect_number' } },
    });

    const declinedCard = await fromBrowser('/v1/payment_methods', card('4000000000000002'));
    expect(declinedCard.json.id).toMatch(/^pm_/);
    const declined = await fromBrowser(`/v1/setup_intents/${setupIntent.id}/confirm`, {
      payment_method: declinedCard.json.id,
      client_secret: setupIntent.clientSecret,
    });
    expect(declined).toMatchObject({
      status: 402,
      json: { error: { code: 'card_declined', setup_intent: { status: 'requires_payment_method' } } },
    });
    expect(await status()).toBe('requires_payment_method');

    const visa = (await fromBrowser('/v1/payment_methods', card('4242424242424242'))).json.id;
    // The client secret is what lets a page confirm: another intent's, or none, is refused.
    const other = await paidPlan();
    expect(
      (
        await fromBrowser(`/v1/setup_intents/${setupIntent.id}/confirm`, {
          payment_method: visa,
          client_secret: other.setupIntent.clientSecret,
        })
      ).status,
    ).toBe(400);
    const accepted = await fromBrowser(`/v1/setup_intents/${setupIntent.id}/confirm`, {
      payment_method: visa,
      client_secret: setupIntent.clientSecret,
    });
    expect(accepted).toMatchObject({ status: 200, json: { id: setupIntent.id, status: 'succeeded' } });
    expect(await status()).toBe('succeeded');
    expect((await t.request('GET', '/api/subscription', { token })).json.status).toBe('active');
  });

  it('refuses a publishable key the calls of the secret key (create, read)', async () => {
    const { setupIntent } = await paidPlan();
    expect((await fromBrowser('/v1/setup_intents', { usage: 'off_session' })).status).toBe(401);
    const forged = await fetch(`${stripe.url}/v1/setup_intents/${setupIntent.id}?key=${PUBLISHABLE}`);
    expect(forged.status).toBe(401);
  });

  it('opens the CSP to Stripe only when a publishable key is configured', async () => {
    const page = await t.request('GET', '/api/health', { as: null });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${stripe.url}`);
    expect(csp).toContain(`connect-src 'self' ${stripe.url}`);
    expect(csp).toContain(`frame-src https: ${stripe.url}`);

    const real = cspDirectives({ stripe: { jsUrl: 'https://js.stripe.com/v3/', apiUrl: 'https://api.stripe.com' } });
    expect(real['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(real['frame-src']).toEqual([
      'https:',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(real['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    const none = cspDirectives({});
    expect(none['script-src']).toEqual(["'self'"]);
    expect(none['connect-src']).toEqual(["'self'"]);
    expect(() => cspDirectives({ stripe: { jsUrl: 'javascript:alert(1)', apiUrl: 'https://api.stripe.com' } })).toThrow(
      /STRIPE_JS_URL/,
    );
  });
});
