import { useId } from 'react';
import { Alert, Box, FormControlLabel, Switch, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

const SUBSCRIPTION_KEY = ['learning-report-subscription'];

/**
 * « Recevoir ces chiffres chaque semaine par e-mail »: the session's weekly e-mail of its structure's figures
 * (with their CSV), its state and when the last one left. A structure's figures: platform staff over every
 * structure choose one first.
 */
export function ReportSubscriptionSwitch({ allStructures }: { allStructures: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const statusId = useId();
  const query = useQuery({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: ({ signal }) => dataProvider.getReportSubscription(signal),
    enabled: !allStructures,
  });
  const change = useMutation({
    mutationFn: (subscribed: boolean) => dataProvider.setReportSubscription(subscribed),
    onSuccess: async (_, subscribed) => {
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
      notify(
        subscribed ? 'app.learning_reports.subscription.subscribed' : 'app.learning_reports.subscription.unsubscribed',
        {
          type: 'success',
        },
      );
    },
    onError: () => notify('app.learning_reports.subscription.failed', { type: 'error' }),
  });
  if (allStructures)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="report-subscription">
        {translate('app.learning_reports.subscription.choose_structure')}
      </Typography>
    );
  if (query.error)
    return (
      <Alert severity="error" data-testid="report-subscription">
        {translate('app.learning_reports.subscription.load_error')}
      </Alert>
    );
  const subscription = query.data;
  const checked = change.isPending ? Boolean(change.variables) : Boolean(subscription?.subscribed);
  const lastSent = subscription?.lastSentAt
    ? translate('app.learning_reports.subscription.last_sent', {
        date: new Date(subscription.lastSentAt).toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' }),
      })
    : translate('app.learning_reports.subscription.never_sent');
  return (
    <Box data-testid="report-subscription">
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={!subscription || change.isPending}
            onChange={(event) => change.mutate(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': statusId } }}
          />
        }
        label={translate('app.learning_reports.subscription.label')}
      />
      <Typography id={statusId} variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
        {subscription
          ? subscription.subscribed
            ? lastSent
            : translate('app.learning_reports.subscription.off')
          : '\u00a0'}
      </Typography>
    </Box>
  );
}
