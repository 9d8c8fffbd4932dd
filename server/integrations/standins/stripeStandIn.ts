import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { SetupIntentStatus } from '../payments.ts';
import { sendJson, type StandInHandler } from './standInServer.ts';

interface Intent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  status: SetupIntentStatus;
  usage: string;
  payment_method: string | null;
  payment_method_types: string[];
  metadata: Record<string, string>;
  last_setup_error: { code: string; message: string; type: string } | null;
  livemode: false;
  created: number;
}

/** Stripe's test payment methods the stand-in knows, and what confirming with each does. */
const TEST_METHODS: Record<string, 'succeeds' | 'declined'> = {
  pm_card_visa: 'succeeds',
  pm_card_mastercard: 'succeeds',
  pm_card_chargeDeclined: 'declined',
  pm_card_visa_chargeDeclined: 'declined',
};

/** Stripe's test card numbers the stand-in's Stripe.js may send, and what confirming with each does. */
const TEST_CARDS: Record<string, 'succeeds' | 'declined'> = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  '4000000000000002': 'declined',
};

const stripeError = (type: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { type, message, ...extra },
});

/** Stripe's answer to a request it will not serve: an invalid_request_error under the given status. */
const refuseRequest = (response: ServerResponse, status: number, message: string, extra?: Record<string, unknown>) =>
  sendJson(response, status, stripeError('invalid_request_error', message, extra));

const luhn = (digits: string) =>
  [...digits]
    .reverse()
    .reduce(
      (sum, digit, index) => sum + (index % 2 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][Number(digit)] : Number(digit)),
      0,
    ) %
    10 ===
  0;

/** The card a `POST /v1/payment_methods` describes: what Stripe refuses at once (402), or its outcome. */
function readCard(
  form: URLSearchParams,
): { outcome: 'succeeds' | 'declined' } | { error: { code: string; message: string; param: string } } {
  const number = (form.get('card[number]') ?? '').replace(/\s/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number))
    return { error: { code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' } };
  const month = Number(form.get('card[exp_month]'));
  if (!Number.isInteger(month) || month < 1 || month > 12)
    return {
      error: { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'exp_month' },
    };
  const year = Number(form.get('card[exp_year]'));
  const now = new Date();
  if (
    !Number.isInteger(year) ||
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  )
    return {
      error: { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid.", param: 'exp_year' },
    };
  if (!/^\d{3,4}$/.test(form.get('card[cvc]') ?? ''))
    return { error: { code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'cvc' } };
  // In test mode, Stripe declines any card but its test ones.
  return { outcome: TEST_CARDS[number] ?? 'declined' };
}

/** The stand-in's Stripe.js (GET /v3/), read once. */
let stripeJs: string | undefined;
const stripeJsSource = () => (stripeJs ??= readFileSync(new URL('./stripeJs.standin.js', import.meta.url), 'utf8'));

/**
 * Stripe's SetupIntent API in test mode, in memory: `POST /v1/setup_intents`, `GET /v1/setup_intents/{id}`,
 * `POST /v1/setup_intents/{id}/confirm` (`payment_method=pm_card_visa`; a declined card answers 402 with the
 * intent back to `requires_payment_method`) and `/cancel`; form-encoded bodies, `Bearer <secret key>`.
 * With a publishable key, what Stripe.js calls from the browser too (CORS open, as Stripe's API is): its
 * script at `GET /v3/` (stripeJs.standin.js), `POST /v1/payment_methods` with a test card number, and the
 * confirm with the intent's `client_secret`; the publishable key goes in the form's `key`.
 */
export function stripeStandIn(secretKey: string, publishableKey?: string): StandInHandler {
  const intents = new Map<string, Intent>();
  const methods = new Map<string, 'succeeds' | 'declined'>();
  return (request, body, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': 'Content-Type',
      });
      return response.end();
    }
    if (publishableKey && request.method === 'GET' && url.pathname === '/v3/') {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      return response.end(stripeJsSource());
    }
    const form = new URLSearchParams(body);
    const secret = request.headers.authorization === `Bearer ${secretKey}`;
    const publishable = !secret && Boolean(publishableKey) && form.get('key') === publishableKey;
    if (!secret && !publishable) return refuseRequest(response, 401, 'Invalid API Key provided.');
    const [, version, collection, id, action] = url.pathname.split('/');
    if (publishable && request.method === 'POST' && version === 'v1' && collection === 'payment_methods' && !id) {
      const card = readCard(form);
      if ('error' in card)
        return sendJson(
          response,
          402,
          stripeError('card_error', card.error.message, { code: card.error.code, param: card.error.param }),
        );
      const methodId = `pm_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'z')}`;
      methods.set(methodId, card.outcome);
      return sendJson(response, 200, { id: methodId, object: 'payment_method', type: 'card', livemode: false });
    }
    if (version !== 'v1' || collection !== 'setup_intents')
      return refuseRequest(response, 404, 'Unrecognized request URL.');
    if (publishable && !(request.method === 'POST' && action === 'confirm'))
      return refuseRequest(response, 401, 'This API call cannot be made with a publishable API key.');
    if (request.method === 'POST' && !id) {
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
        if (name) metadata[name] = value;
      }
      const intentId = `seti_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
      const intent: Intent = {
        id: intentId,
        object: 'setup_intent',
        client_secret: `${intentId}_secret_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'y')}`,
        status: 'requires_payment_method',
        usage: form.get('usage') ?? 'off_session',
        payment_method: null,
        payment_method_types:
          form.getAll('payment_method_types[]').length > 0 ? form.getAll('payment_method_types[]') : ['card'],
        metadata,
        last_setup_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intentId, intent);
      return sendJson(response, 200, intent);
    }
    const intent = id ? intents.get(id) : undefined;
    if (!intent)
      return refuseRequest(response, 404, `No such setupintent: '${id}'`, {
        code: 'resource_missing',
        param: 'intent',
      });
    if (request.method === 'GET' && !action) return sendJson(response, 200, intent);
    if (request.method === 'POST' && action === 'cancel') {
      if (intent.status === 'succeeded')
        return refuseRequest(response, 400, 'This SetupIntent has already succeeded.', {
          code: 'setup_intent_unexpected_state',
        });
      intent.status = 'canceled';
      return sendJson(response, 200, intent);
    }
    if (request.method === 'POST' && action === 'confirm') {
      // From the browser, the client secret is what proves the intent is the caller's.
      if (publishable && form.get('client_secret') !== intent.client_secret)
        return refuseRequest(
          response,
          400,
          'The client_secret provided does not match the client_secret associated with the SetupIntent.',
          { code: 'resource_missing' },
        );
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        return refuseRequest(response, 400, `This SetupIntent's status is ${intent.status}.`, {
          code: 'setup_intent_unexpected_state',
        });
      const method = form.get('payment_method') ?? '';
      const outcome = TEST_METHODS[method] ?? methods.get(method);
      if (!outcome)
        return refuseRequest(response, 400, `No such PaymentMethod: '${method}'`, {
          code: 'resource_missing',
          param: 'payment_method',
        });
      if (outcome === 'declined') {
        intent.status = 'requires_payment_method';
        intent.last_setup_error = { code: 'card_declined', message: 'Your card was declined.', type: 'card_error' };
        return sendJson(
          response,
          402,
          stripeError('card_error', 'Your card was declined.', { code: 'card_declined', setup_intent: intent }),
        );
      }
      intent.status = 'succeeded';
      intent.payment_method = method;
      intent.last_setup_error = null;
      return sendJson(response, 200, intent);
    }
    refuseRequest(response, 404, 'Unrecognized request URL.');
  };
}
