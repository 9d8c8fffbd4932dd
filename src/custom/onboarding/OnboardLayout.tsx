import type { ReactNode } from 'react';
import { Box, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { STEPS, type Step as StepName } from './onboardingDraft';
import { PublicCard } from '../auth/PublicCard';
import './messages';

interface OnboardLayoutProps {
  /** The step shown, or none (the success page). */
  step?: StepName;
  /** A translation key. */
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The bare frame of the sign-up (a public page, no menu): the stepper above one card. */
export function OnboardLayout({ step, title, intro, children }: OnboardLayoutProps) {
  const translate = useTranslate();
  const active = step ? STEPS.indexOf(step) : STEPS.length;
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', p: { xs: 1, sm: 2 }, bgcolor: 'grey.100' }}
    >
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 720, py: { xs: 1, sm: 4 } }}>
        <Typography variant="overline" component="p" sx={{ textAlign: 'center', color: 'text.secondary' }}>
          {translate('app.auth.app_name')}
        </Typography>
        <Stepper activeStep={active} alternativeLabel aria-label={translate('app.onboarding.steps_label')}>
          {STEPS.map((name) => (
            <Step key={name}>
              <StepLabel sx={{ '& .MuiStepLabel-label': { fontSize: { xs: '0.7rem', sm: '0.875rem' } } }}>
                {translate(`app.onboarding.steps.${name}`)}
              </StepLabel>
            </Step>
          ))}
        </Stepper>
        <PublicCard title={title} intro={intro}>
          {children}
        </PublicCard>
      </Stack>
    </Box>
  );
}
