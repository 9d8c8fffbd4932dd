/**
 * The part of Stripe.js (https://docs.stripe.com/js) the payment step uses: typed here rather than with
 * @stripe/stripe-js, which the project does not carry, and which the offline stand-in
 * (server/integrations/standins/stripeJs.standin.js) implements too.
 */
export interface StripeCardElement {
  mount(target: HTMLElement | string): void;
  destroy(): void;
  on(event: 'change', listener: (event: { complete: boolean; empty: boolean; error?: StripeError }) => void): void;
}

export interface StripeError {
  type: string;
  code?: string;
  message?: string;
}

export interface StripeJs {
  elements(options?: { locale?: string }): {
    create(type: 'card', options?: Record<string, unknown>): StripeCardElement;
  };
  confirmCardSetup(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ): Promise<{ setupIntent?: { id: string; status: string }; error?: StripeError }>;
}

type StripeFactory = (publishableKey: string) => StripeJs;

const loading = new Map<string, Promise<StripeFactory>>();

/**
 * Loads Stripe.js from `url` once per page (Stripe asks that it come from its own server, never bundled):
 * only the payment step of a paid plan calls this, and only when the server configured a publishable key,
 * so the app reaches Stripe at no other time.
 */
export function loadStripeJs(url: string): Promise<StripeFactory> {
  let promise = loading.get(url);
  if (!promise) {
    promise = new Promise<StripeFactory>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => {
        const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
        if (factory) resolve(factory);
        else reject(new Error('Stripe.js did not define Stripe().'));
      };
      script.onerror = () => reject(new Error(`Stripe.js could not be loaded from ${url}.`));
      document.head.appendChild(script);
    });
    // A failed load (offline) may be tried again later.
    promise.catch(() => loading.delete(url));
    loading.set(url, promise);
  }
  return promise;
}
