import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Grid, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { Plan } from '../../domain/onboarding';
import type { Subscription } from '../../providers/onboardingActions';
import { Loader } from '../Loader';
import { NO_PLAN, type OnboardingDraft } from './onboardingDraft';
import { StepForm } from './StepForm';
import './messages';

interface Props {
  draft: OnboardingDraft;
  update: (change: Partial<OnboardingDraft>) => void;
  /** The plan was taken: a paid one goes on to its payment (with its SetupIntent), a free one is done. */
  onSubscribed: (subscription: Subscription) => void;
}

/** Step 4: the plans of the system configuration as cards; none chosen (-1) blocks the step. */
export function PlanStep({ draft, update, onSubscribed }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [plans, setPlans] = useState<Plan[]>();
  const [pending, setPending] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const chosen = draft.userAdminSubscriptionPlan;

  useEffect(() => {
    dataProvider
      .getPlans()
      .then(({ data }) => setPlans(data))
      .catch(() => {
        notify('GenericError', { type: 'error' });
        setPlans([]);
      });
  }, [dataProvider, notify]);

  const price = (plan: Plan) =>
    plan.price === 0
      ? translate('app.onboarding.plan.free')
      : translate(`app.onboarding.plan.price_${plan.period}`, {
          price: plan.price.toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' }),
        });

  async function submit() {
    if (chosen === NO_PLAN) {
      setBlocked(true);
      return;
    }
    setPending(true);
    try {
      const { data } = await dataProvider.subscribe({ plan: chosen });
      onSubscribed(data);
    } catch (error) {
      notify((error as Error).message || 'GenericError', { type: 'error' });
    }
    setPending(false);
  }

  if (!plans) return <Loader size="medium" />;
  return (
    <StepForm onSubmit={submit}>
      <RadioGroup
        aria-label={translate('app.onboarding.plan.group')}
        value={chosen === NO_PLAN ? '' : String(chosen)}
        onChange={(event) => {
          update({ userAdminSubscriptionPlan: Number(event.target.value) });
          setBlocked(false);
        }}
      >
        <Grid container spacing={2}>
          {plans.map((plan) => {
            const selected = plan.id === chosen;
            return (
              <Grid key={plan.id} size={{ xs: 12, sm: 4 }}>
                <Card
                  variant="outlined"
                  sx={{
                    height: '100%',
                    borderColor: selected ? 'primary.main' : undefined,
                    borderWidth: selected ? 2 : 1,
                  }}
                >
                  <Box component="label" sx={{ display: 'block', height: '100%', cursor: 'pointer' }}>
                    <CardContent>
                      <Stack direction="row" sx={{ alignItems: 'center' }}>
                        <Radio value={String(plan.id)} />
                        <Typography variant="h6" component="span">
                          {plan.name}
                        </Typography>
                      </Stack>
                      <Typography variant="h5" component="p">
                        {price(plan)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {translate('app.onboarding.plan.seats', { smart_count: plan.seats })}
                      </Typography>
                    </CardContent>
                  </Box>
                </Card>
              </Grid>
            );
          })}
        </Grid>
      </RadioGroup>
      {blocked ? <Alert severity="error">{translate('app.onboarding.plan.required')}</Alert> : null}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={pending}>
          {translate('app.onboarding.plan.submit')}
        </Button>
      </Stack>
    </StepForm>
  );
}
