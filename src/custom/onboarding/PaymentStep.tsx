import { useState } from 'react';
import { Alert, Button, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { SetupIntentStatus } from '../../providers/onboardingActions';
import type { OnboardingDraft } from './onboardingDraft';

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
 * Step 5, for a paid plan: the card is left on Stripe's SetupIntent (transactionId), then
 * GET /api/payments/check-status is asked until it says `succeeded`; a refused card or a canceled intent
 * says so in French and lets the user try again.
 */
export function PaymentStep({ draft, update, onPaid }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [card, setCard] = useState<string>(TEST_CARDS[0]);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<SetupIntentStatus>();

  async function waitForSuccess(): Promise<SetupIntentStatus> {
    for (let tries = 0; tries < POLL_TRIES; tries++) {
      const { data } = await dataProvider.checkPaymentStatus(draft.transactionId);
      if (data.status === 'succeeded' || data.status === 'requires_payment_method' || data.status === 'canceled') return data.status;
      await sleep(POLL_MS);
    }
    return 'processing';
  }

  async function pay() {
    setPending(true);
    setOutcome(undefined);
    try {
      await dataProvider.confirmTestPayment(draft.transactionId, card);
      const status = await waitForSuccess();
      setOutcome(status);
      if (status === 'succeeded') onPaid();
    } catch (error) {
      notify((error as Error).message || 'GenericError', { type: 'error' });
    }
    setPending(false);
  }

  return (
    <Stack spacing={2.5} component="form" noValidate onSubmit={(event) => { event.preventDefault(); void pay(); }}>
      <Alert severity="info">{translate('app.onboarding.payment.test_mode')}</Alert>
      <RadioGroup aria-label={translate('app.onboarding.payment.card')} value={card} onChange={(event) => setCard(event.target.value)}>
        {TEST_CARDS.map((method) => (
          <FormControlLabel key={method} value={method} control={<Radio />} label={translate(`app.onboarding.payment.cards.${method}`)} />
        ))}
      </RadioGroup>
      <div aria-live="polite">
        {pending ? <Typography variant="body2">{translate('app.onboarding.payment.checking')}</Typography> : null}
        {outcome && outcome !== 'succeeded' ? (
          <Alert severity="error">{translate(`app.onboarding.payment.status.${outcome === 'canceled' || outcome === 'requires_payment_method' ? outcome : 'processing'}`)}</Alert>
        ) : null}
      </div>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Button onClick={() => update({ step: 'plan', transactionId: '' })} disabled={pending}>
          {translate('app.onboarding.payment.change_plan')}
        </Button>
        <Button type="submit" variant="contained" loading={pending}>
          {translate('app.onboarding.payment.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
