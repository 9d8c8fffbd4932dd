import { randomBytes } from 'node:crypto';
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

const stripeError = (type: string, message: string, extra: Record<string, unknown> = {}) => ({ error: { type, message, ...extra } });

/**
 * Stripe's SetupIntent API in test mode, in memory: `POST /v1/setup_intents`, `GET /v1/setup_intents/{id}`,
 * `POST /v1/setup_intents/{id}/confirm` (`payment_method=pm_card_visa`; a declined card answers 402 with the
 * intent back to `requires_payment_method`) and `/cancel`; form-encoded bodies, `Bearer <secret key>`.
 */
export function stripeStandIn(secretKey: string): StandInHandler {
  const intents = new Map<string, Intent>();
  return (request, body, response) => {
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return sendJson(response, 401, stripeError('invalid_request_error', 'Invalid API Key provided.'));
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const form = new URLSearchParams(body);
    const [, version, collection, id, action] = url.pathname.split('/');
    if (version !== 'v1' || collection !== 'setup_intents') return sendJson(response, 404, stripeError('invalid_request_error', 'Unrecognized request URL.'));
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
        payment_method_types: form.getAll('payment_method_types[]').length > 0 ? form.getAll('payment_method_types[]') : ['card'],
        metadata,
        last_setup_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intentId, intent);
      return sendJson(response, 200, intent);
    }
    const intent = id ? intents.get(id) : undefined;
    if (!intent) return sendJson(response, 404, stripeError('invalid_request_error', `No such setupintent: '${id}'`, { code: 'resource_missing', param: 'intent' }));
    if (request.method === 'GET' && !action) return sendJson(response, 200, intent);
    if (request.method === 'POST' && action === 'cancel') {
      if (intent.status === 'succeeded') return sendJson(response, 400, stripeError('invalid_request_error', 'This SetupIntent has already succeeded.', { code: 'setup_intent_unexpected_state' }));
      intent.status = 'canceled';
      return sendJson(response, 200, intent);
    }
    if (request.method === 'POST' && action === 'confirm') {
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        return sendJson(response, 400, stripeError('invalid_request_error', `This SetupIntent's status is ${intent.status}.`, { code: 'setup_intent_unexpected_state' }));
      const method = form.get('payment_method') ?? '';
      const outcome = TEST_METHODS[method];
      if (!outcome) return sendJson(response, 400, stripeError('invalid_request_error', `No such PaymentMethod: '${method}'`, { code: 'resource_missing', param: 'payment_method' }));
      if (outcome === 'declined') {
        intent.status = 'requires_payment_method';
        intent.last_setup_error = { code: 'card_declined', message: 'Your card was declined.', type: 'card_error' };
        return sendJson(response, 402, stripeError('card_error', 'Your card was declined.', { code: 'card_declined', setup_intent: intent }));
      }
      intent.status = 'succeeded';
      intent.payment_method = method;
      intent.last_setup_error = null;
      return sendJson(response, 200, intent);
    }
    sendJson(response, 404, stripeError('invalid_request_error', 'Unrecognized request URL.'));
  };
}
