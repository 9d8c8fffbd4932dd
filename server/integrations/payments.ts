/** Stripe's SetupIntent statuses, as API.md passes them on. */
export type SetupIntentStatus =
  | 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'canceled' | 'succeeded';

export interface PaymentProvider {
  setupIntentStatus(id: string): Promise<SetupIntentStatus | undefined>;
}

/** Stripe's REST API: GET {url}/v1/setup_intents/{id} with the secret key as bearer. */
export class StripeClient implements PaymentProvider {
  constructor(private readonly settings: { secretKey: string; url: string }) {}

  async setupIntentStatus(id: string): Promise<SetupIntentStatus | undefined> {
    const response = await fetch(`${this.settings.url.replace(/\/$/, '')}/v1/setup_intents/${encodeURIComponent(id)}`, {
      headers: { Authorization: `Bearer ${this.settings.secretKey}` },
      signal: AbortSignal.timeout(8_000),
    });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`Stripe answered ${response.status}.`);
    return ((await response.json()) as { status: SetupIntentStatus }).status;
  }
}
