import { useState, type FormEvent } from 'react';
import { Button, Stack } from '@mui/material';
import { useNavigate, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { AUTH_ROUTES } from '../../providers/authProvider';
import { httpClient } from '../../providers/httpClient';
import { openSession } from '../../providers/session';
import { AuthLayout } from './AuthLayout';
import { resetRequestFailure } from './authFailures';
import { EmailField } from './EmailField';

/**
 * Step one of a reset: the account's e-mail address. The answer is a restricted session (its tokens are
 * stored) and a code e-mailed to the user, checked on the next screen.
 */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Filled when a page that knows the address leads here (the sign-up's success page, in any tab).
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  // The request's `errorLoginResetPassword` failure (a 404): no account has this address.
  const [unknownEmail, setUnknownEmail] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setUnknownEmail(false);
    try {
      const { json } = await httpClient('/api/auth/reinit-password/request', {
        method: 'POST',
        body: JSON.stringify({ email: email.trim(), type: 'admin', brand: '1' }),
        secured: false,
      });
      openSession(json);
      navigate(AUTH_ROUTES.code);
    } catch (error) {
      const failure = resetRequestFailure(error);
      setUnknownEmail(failure.flag === 'errorLoginResetPassword');
      if (failure.snack) notify(failure.snack, { type: 'error' });
      setPending(false);
    }
  }

  return (
    <AuthLayout title="app.auth.forgot.title" intro={translate('app.auth.forgot.intro')} backToLogin>
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        <EmailField
          value={email}
          onChange={(typed) => {
            setEmail(typed);
            setUnknownEmail(false);
          }}
          error={unknownEmail}
          helperText={unknownEmail ? translate('app.auth.forgot.unknown_email') : undefined}
          slotProps={{ formHelperText: { role: 'alert' } }}
        />
        <Button type="submit" variant="contained" size="large" loading={pending} disabled={!email.trim()} fullWidth>
          {translate('app.auth.forgot.submit')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
