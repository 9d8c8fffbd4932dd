import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { Link, useLogin, useTranslate } from 'react-admin';
import { AUTH_ROUTES } from '../../providers/authProvider';
import { AuthLayout } from './AuthLayout';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';

/**
 * The login form. A failure says what went wrong above the fields, and only there: a snackbar saying
 * "an error occurred" beside it told nothing more, and outlived the next, successful sign-in. A first
 * connection goes on to the code step (the auth provider's login answers where to).
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      await login({ email, password });
    } catch (failure) {
      setError((failure as Error).message);
      setPending(false);
    }
  }

  return (
    <AuthLayout title="app.auth.login.title" intro={translate('app.auth.login.intro')}>
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        {error ? <Alert severity="error">{translate(error, { _: error })}</Alert> : null}
        <EmailField value={email} onChange={setEmail} autoComplete="username" />
        <PasswordField
          name="password"
          label={translate('ra.auth.password')}
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          required
        />
        <Button type="submit" variant="contained" size="large" loading={pending} fullWidth>
          {translate('ra.auth.sign_in')}
        </Button>
        <Link to={AUTH_ROUTES.forgotPassword} sx={{ alignSelf: 'center' }}>
          {translate('app.auth.login.forgot_password')}
        </Link>
        <Link to={AUTH_ROUTES.invitation} sx={{ alignSelf: 'center' }}>
          {translate('app.people.invitation.link')}
        </Link>
      </Stack>
    </AuthLayout>
  );
}
