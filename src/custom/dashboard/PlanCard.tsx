import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { cardStateOf, DashboardCard } from './DashboardCard';

/**
 * The structure's plan and its end (`GET /api/subscription`): the structure's own for its administrator,
 * the chosen one's for platform staff (`company`). Its administrator manages it on "Mon compte".
 */
export function PlanCard({ company }: { company?: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useQuery({
    queryKey: ['subscription', company ?? 'own'],
    queryFn: () => dataProvider.getSubscription({ company }),
  });
  const plan = query.data?.data;
  const dateOf = (iso: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: 'long' });
  const end = plan ? (plan.accessEndsAt ?? plan.currentPeriodEnd) : null;
  const ending = plan && (plan.cancelAtPeriodEnd || plan.status === 'canceled');
  return (
    <DashboardCard
      title="app.dashboard.plan.title"
      state={cardStateOf(query, !plan)}
      empty="app.dashboard.plan.empty"
      testId="card-plan"
      placeholder={
        // The plan's name, its end, and the link to manage it: the card's size while the plan loads.
        <>
          <Typography sx={{ fontWeight: 600 }}>{'\u00a0'}</Typography>
          <Typography variant="body2">{'\u00a0'}</Typography>
          {company === undefined && <Typography sx={{ display: 'inline-block', mt: 1 }}>{'\u00a0'}</Typography>}
        </>
      }
    >
      {plan && (
        <>
          <Typography sx={{ fontWeight: 600 }}>
            {translate('app.subscription.plan', { name: plan.plan.name })}
          </Typography>
          {end && (
            <Typography variant="body2" color={ending ? 'error' : 'text.secondary'}>
              {translate(ending ? 'app.subscription.ends_at' : 'app.subscription.period_end', { date: dateOf(end) })}
            </Typography>
          )}
          {company === undefined && (
            <Link component={RouterLink} to="/account" sx={{ display: 'inline-block', mt: 1 }}>
              {translate('app.dashboard.plan.manage')}
            </Link>
          )}
        </>
      )}
    </DashboardCard>
  );
}
