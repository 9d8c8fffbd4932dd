import { useState } from 'react';
import { Alert, Box, Button, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { SetupIntentStatus } from '../../providers/onboardingActions';
import type { OnboardingDraft } from './onboardingDraft';
import { type CardOutcome, useStripeCard } from './useStripeCard';
import { StepForm } from './StepForm';
import './messages';

/** Stripe's test payment methods offered when no publishable key is configured (offline: the stand-in). */
const TEST_CARDS = ['pm_card_visa', 'pm_card_chargeDeclined'] as const;
const POLL_MS = 1000;
const POLL_TRIES = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Props {
  draft: OnboardingDraft;
  update: (change: Partial<OnboardingDraft>) => void;
  onPaid: () => void;
}

/**
 * Step 5, for a paid plan: the card is left on Stripe's SetupIntent (transactionId), with Stripe.js's card
 * field when the server has a publishable key, else with one of Stripe's test cards; then
 * GET /api/payments/check-status is asked until it says `succeeded`. A refused card or a canceled intent
 * says so in French and lets the user try again.
 */
export function PaymentStep({ draft, update, onPaid }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const stripeSettings = draft.payment?.mode === 'stripe' ? draft.payment : undefined;
  const { ref: cardRef, state: cardState, confirm: confirmCard } = useStripeCard(stripeSettings, locale);
  const [card, setCard] = useState<string>(TEST_CARDS[0]);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<CardOutcome['status']>();

  async function waitForSuccess(): Promise<SetupIntentStatus> {
    for (let tries = 0; tries < POLL_TRIES; tries++) {
      const { data } = await dataProvider.checkPaymentStatus(draft.transactionId);
      if (data.status === 'succeeded' || data.status === 'requires_payment_method' || data.status === 'canceled')
        return data.status;
      await sleep(POLL_MS);
    }
    return 'processing';
  }

  async function pay() {
    setPending(true);
    setOutcome(undefined);
    try {
      if (stripeSettings) {
        const confirmed = await confirmCard(draft.clientSecret);
        if (confirmed.status === 'failed') throw new Error('GenericError');
        // A declined card is for check-status to say; a card typed wrong never reached the intent.
        if (confirmed.status === 'invalid_card') {
          setOutcome('invalid_card');
          setPending(false);
          return;
        }
      } else await dataProvider.confirmTestPayment(draft.transactionId, card);
      const status = await waitForSuccess();
      setOutcome(status);
      if (status === 'succeeded') onPaid();
    } catch (error) {
      notify((error as Error).message || 'GenericError', { type: 'error' });
    }
    setPending(false);
  }

  const message =
    outcome === 'canceled' || outcome === 'requires_payment_method' || outcome === 'invalid_card'
      ? outcome
      : 'processing';
  return (
    <StepForm onSubmit={pay}>
      {stripeSettings ? (
        <Stack spacing={1}>
          <FormLabel id="stripe-card-label">{translate('app.onboarding.payment.stripe_card')}</FormLabel>
          <Box
            ref={cardRef}
            role="group"
            aria-labelledby="stripe-card-label"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minHeight: 48 }}
          />
          <Typography variant="body2" color="text.secondary">
            {translate('app.onboarding.payment.stripe_secure')}
          </Typography>
          {cardState === 'unavailable' ? (
            <Alert severity="error">{translate('app.onboarding.payment.stripe_unavailable')}</Alert>
          ) : null}
        </Stack>
      ) : (
        <>
          <Alert severity="info">{translate('app.onboarding.payment.test_mode')}</Alert>
          <RadioGroup
            aria-label={translate('app.onboarding.payment.card')}
            value={card}
            onChange={(event) => setCard(event.target.value)}
          >
            {TEST_CARDS.map((method) => (
              <FormControlLabel
                key={method}
                value={method}
                control={<Radio />}
                label={translate(`app.onboarding.payment.cards.${method}`)}
              />
            ))}
          </RadioGroup>
        </>
      )}
      <div aria-live="polite">
        {pending ? <Typography variant="body2">{translate('app.onboarding.payment.checking')}</Typography> : null}
        {outcome && outcome !== 'succeeded' ? (
          <Alert severity="error">{translate(`app.onboarding.payment.status.${message}`)}</Alert>
        ) : null}
      </div>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Button
          onClick={() => update({ step: 'plan', transactionId: '', clientSecret: '', payment: null })}
          disabled={pending}
        >
          {translate('app.onboarding.payment.change_plan')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={pending}
          disabled={Boolean(stripeSettings) && cardState !== 'ready'}
        >
          {translate('app.onboarding.payment.submit')}
        </Button>
      </Stack>
    </StepForm>
  );
}
