import { useEffect } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { useNavigate, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { AUTH_ROUTES } from '../../providers/authProvider';
import { isRestricted, readTokenPayload } from '../../providers/session';
import { sessionStore } from '../../providers/sessionStore';
import { OnboardLayout } from './OnboardLayout';
import { useOnboardingDraft } from './onboardingDraft';
import './messages';

/**
 * /onboard/success: what happens next, and the way to the first connection (the e-mailed code, then a
 * password: the existing flow), which ends in the back-office as the structure's administrator.
 */
export function OnboardSuccessPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { draft, reset } = useOnboardingDraft();
  const [params] = useSearchParams();
  const token = sessionStore.getToken();
  const payload = token ? readTokenPayload(token) : undefined;
  // The sign-up's own session goes on to the code; without it (another browser), a new code is asked for.
  const waiting = Boolean(payload && isRestricted(payload.role));
  const email = draft.registered?.email ?? payload?.username ?? params.get('email') ?? '';

  // The sign-up is over: what was typed is no longer needed.
  useEffect(() => {
    if (draft.registered) reset();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <OnboardLayout title="app.onboarding.success.title">
      <Stack spacing={2}>
        <Typography>{translate('app.onboarding.success.registered')}</Typography>
        <Typography component="h2" variant="h6">
          {translate('app.onboarding.success.next')}
        </Typography>
        <Typography component="ol" sx={{ pl: 3, m: 0 }}>
          <li>{translate('app.onboarding.success.step_code', { email })}</li>
          <li>{translate('app.onboarding.success.step_password')}</li>
          <li>{translate('app.onboarding.success.step_backoffice')}</li>
        </Typography>
        <Button
          variant="contained"
          size="large"
          onClick={() =>
            navigate(
              waiting
                ? AUTH_ROUTES.code
                : `${AUTH_ROUTES.forgotPassword}${email ? `?email=${encodeURIComponent(email)}` : ''}`,
            )
          }
        >
          {translate('app.onboarding.success.first_connection')}
        </Button>
      </Stack>
    </OnboardLayout>
  );
}
