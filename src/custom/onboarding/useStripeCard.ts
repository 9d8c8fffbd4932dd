import { useEffect, useRef, useState } from 'react';
import type { SetupIntentStatus } from '../../providers/onboardingActions';
import { loadStripeJs, type StripeCardElement, type StripeJs } from './stripeJs';

export interface StripeSettings {
  publishableKey: string;
  jsUrl: string;
}

/** What confirming the card with Stripe.js came to, before check-status has the last word. */
export type CardOutcome =
  { status: 'confirmed' } | { status: SetupIntentStatus | 'invalid_card' } | { status: 'failed'; message: string };

/**
 * Stripe's card element, mounted in the element `ref` points at once Stripe.js is loaded (`settings`
 * undefined: nothing is loaded). `confirm` confirms the SetupIntent of `clientSecret` in the browser: the
 * card never goes through our server.
 */
export function useStripeCard(settings: StripeSettings | undefined, locale: string) {
  const ref = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; card: StripeCardElement }>(undefined);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const publishableKey = settings?.publishableKey;
  const jsUrl = settings?.jsUrl;

  useEffect(() => {
    if (!publishableKey || !jsUrl) return;
    let live = true;
    loadStripeJs(jsUrl)
      .then((Stripe) => {
        if (!live || !ref.current) return;
        const js = Stripe(publishableKey);
        const card = js.elements({ locale }).create('card');
        card.mount(ref.current);
        stripe.current = { js, card };
        setState('ready');
      })
      .catch(() => live && setState('unavailable'));
    return () => {
      live = false;
      stripe.current?.card.destroy();
      stripe.current = undefined;
    };
  }, [publishableKey, jsUrl, locale]);

  async function confirm(clientSecret: string): Promise<CardOutcome> {
    if (!stripe.current) return { status: 'failed', message: 'Stripe.js is not loaded.' };
    const { js, card } = stripe.current;
    const { error } = await js.confirmCardSetup(clientSecret, { payment_method: { card } });
    if (!error) return { status: 'confirmed' };
    if (error.code === 'card_declined') return { status: 'requires_payment_method' };
    // A number, a date or a code Stripe refuses as typed: the user corrects it.
    if (error.type === 'card_error' || error.type === 'validation_error') return { status: 'invalid_card' };
    return { status: 'failed', message: error.message ?? error.type };
  }

  return { ref, state, confirm };
}
