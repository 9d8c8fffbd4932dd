import { useEffect, useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { Confirm, useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { Subscription } from '../../providers/onboardingActions';

const dateOf = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString('fr-FR', { dateStyle: 'long' }) : '';

/**
 * "Mon compte" of a structure's administrator: the structure's plan, and leaving it (POST /api/unsubscribe)
 * after a confirmation; the access lasts until the end of the paid period. On a user's page, a super admin
 * sees (and may end) the plan of the user's structure, `company`.
 */
export function SubscriptionCard({ company }: { company?: Identifier }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [subscription, setSubscription] = useState<Subscription>();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [none, setNone] = useState(false);

  useEffect(() => {
    // A structure without a plan has nothing to show to its admin; a super admin is told so.
    dataProvider.getSubscription({ company }).then(
      ({ data }) => (data ? setSubscription(data) : setNone(true)),
      () => setNone(true),
    );
  }, [dataProvider, company]);

  if (!subscription)
    return none && company !== undefined ? (
      <Typography variant="body2">{translate('app.subscription.none')}</Typography>
    ) : null;
  const end = dateOf(subscription.accessEndsAt ?? subscription.currentPeriodEnd);

  async function leave() {
    setPending(true);
    try {
      const { data } = await dataProvider.unsubscribe({ company });
      setSubscription(data);
      notify('app.subscription.done', { type: 'success' });
    } catch (error) {
      notify((error as Error).message || 'GenericError', { type: 'error' });
    }
    setPending(false);
    setConfirming(false);
  }

  return (
    <Stack spacing={1.5}>
      {company === undefined ? (
        <Typography component="h2" variant="h6">
          {translate('app.subscription.title')}
        </Typography>
      ) : null}
      <Typography>{translate('app.subscription.plan', { name: subscription.plan.name })}</Typography>
      {subscription.cancelAtPeriodEnd || subscription.status === 'canceled' ? (
        <Alert severity="warning">{translate('app.subscription.ends_at', { date: end })}</Alert>
      ) : (
        <>
          {end ? (
            <Typography variant="body2" color="text.secondary">
              {translate('app.subscription.period_end', { date: end })}
            </Typography>
          ) : null}
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)} sx={{ alignSelf: 'flex-start' }}>
            {translate('app.subscription.unsubscribe')}
          </Button>
        </>
      )}
      <Confirm
        isOpen={confirming}
        loading={pending}
        title="app.subscription.confirm_title"
        content={translate('app.subscription.confirm_content', { date: end })}
        confirm="app.subscription.unsubscribe"
        cancel="app.subscription.back"
        onConfirm={leave}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
