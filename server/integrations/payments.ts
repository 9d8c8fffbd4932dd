/** Stripe's SetupIntent statuses, as API.md passes them on. */
export type SetupIntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'canceled' | 'succeeded';

export interface SetupIntent {
  id: string;
  client_secret: string;
  status: SetupIntentStatus;
}

export interface PaymentProvider {
  /** Whether the key is a test key: then a SetupIntent may be confirmed with Stripe's test payment methods. */
  readonly testMode: boolean;
  createSetupIntent(metadata: Record<string, string>): Promise<SetupIntent>;
  setupIntentStatus(id: string): Promise<SetupIntentStatus | undefined>;
  /** Confirms with a payment method id (`pm_card_visa`...); answers the resulting status, a decline included. */
  confirmSetupIntent(id: string, paymentMethod: string): Promise<SetupIntentStatus | undefined>;
}

/**
 * Stripe's REST API: form-encoded bodies, the secret key as bearer. POST /v1/setup_intents,
 * GET /v1/setup_intents/{id}, POST /v1/setup_intents/{id}/confirm.
 */
export class StripeClient implements PaymentProvider {
  readonly testMode: boolean;

  constructor(private readonly settings: { secretKey: string; url: string }) {
    this.testMode = settings.secretKey.startsWith('sk_test_');
  }

  private async call(method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<Response> {
    return fetch(`${this.settings.url.replace(/\/$/, '')}/v1/${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.settings.secretKey}`,
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
      signal: AbortSignal.timeout(8_000),
    });
  }

  async createSetupIntent(metadata: Record<string, string>): Promise<SetupIntent> {
    const form: Record<string, string> = { usage: 'off_session', 'payment_method_types[]': 'card' };
    for (const [key, value] of Object.entries(metadata)) form[`metadata[${key}]`] = value;
    const response = await this.call('POST', 'setup_intents', form);
    if (!response.ok) throw new Error(`Stripe answered ${response.status}.`);
    const intent = (await response.json()) as SetupIntent;
    if (!/^seti_/.test(intent.id ?? '') || typeof intent.client_secret !== 'string')
      throw new Error('Stripe answered no SetupIntent.');
    return { id: intent.id, client_secret: intent.client_secret, status: intent.status };
  }

  async setupIntentStatus(id: string): Promise<SetupIntentStatus | undefined> {
    const response = await this.call('GET', `setup_intents/${encodeURIComponent(id)}`);
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`Stripe answered ${response.status}.`);
    return ((await response.json()) as { status: SetupIntentStatus }).status;
  }

  async confirmSetupIntent(id: string, paymentMethod: string): Promise<SetupIntentStatus | undefined> {
    const response = await this.call('POST', `setup_intents/${encodeURIComponent(id)}/confirm`, {
      payment_method: paymentMethod,
    });
    if (response.status === 404) return undefined;
    const answer = (await response.json().catch(() => ({}))) as {
      status?: SetupIntentStatus;
      error?: { setup_intent?: { status?: SetupIntentStatus } };
    };
    // A declined card is a 402 card_error whose body carries the SetupIntent, back to requires_payment_method.
    if (response.status === 402 && answer.error?.setup_intent?.status) return answer.error.setup_intent.status;
    if (!response.ok || !answer.status) throw new Error(`Stripe answered ${response.status}.`);
    return answer.status;
  }
}
