import { useState, type FormEvent } from 'react';
import { Button, Stack } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { AUTH_ROUTES } from '../../providers/authProvider';
import { httpClient } from '../../providers/httpClient';
import { newPasswordFailure } from './authFailures';
import { AuthLayout } from './AuthLayout';
import { PasswordField } from './PasswordField';
import { meetsPasswordPolicy } from './passwordRules';
import { PasswordRules } from './PasswordRules';
import { restrictedStep } from './restrictedStep';

type Errors = Partial<Record<'password' | 'passwordConfirmation', string>>;

/**
 * The last step of a reset or a first connection: the new password, checked against the policy as it is
 * typed (the server checks it again, its 422 shows under the fields), then the session widens to the
 * user's roles and the back-office opens.
 */
export function NewPasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const step = restrictedStep(AUTH_ROUTES.newPassword);
  if ('redirect' in step) return <Navigate to={step.redirect} replace />;
  const { payload } = step;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Errors = {};
    if (!meetsPasswordPolicy(password)) problems.password = 'app.validation.password';
    if (password !== confirmation) problems.passwordConfirmation = 'app.validation.mismatch';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setPending(true);
    try {
      await httpClient('/api/auth/reinit-password/validate', {
        method: 'POST',
        body: JSON.stringify({ password, passwordConfirmation: confirmation }),
      });
    } catch (error) {
      const failure = newPasswordFailure(error);
      setErrors(failure.fields ?? {});
      if (failure.snack) notify(failure.snack, { type: 'error' });
      setPending(false);
      return;
    }
    // The refresh now opens the full session; a failed one has already said so and gone to /logout.
    await login({ renew: true }).catch(() => setPending(false));
  }

  const message = (key?: string) => (key ? translate(key, { _: key }) : undefined);

  return (
    <AuthLayout title="app.auth.new_password.title" intro={translate('app.auth.new_password.intro')}>
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        <PasswordField
          id="new-password"
          name="password"
          label={translate('app.auth.new_password.password')}
          autoComplete="new-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            setErrors(({ password: _, ...rest }) => rest);
          }}
          error={Boolean(errors.password)}
          helperText={message(errors.password)}
          // The rules describe the field, with the error when there is one.
          slotProps={{
            htmlInput: {
              'aria-describedby': errors.password ? 'new-password-helper-text password-rules' : 'password-rules',
            },
          }}
          required
          autoFocus
        />
        <PasswordRules password={password} id="password-rules" />
        <PasswordField
          name="passwordConfirmation"
          label={translate('app.auth.new_password.confirmation')}
          autoComplete="new-password"
          value={confirmation}
          onChange={(value) => {
            setConfirmation(value);
            setErrors(({ passwordConfirmation: _, ...rest }) => rest);
          }}
          error={Boolean(errors.passwordConfirmation)}
          helperText={message(errors.passwordConfirmation)}
          required
        />
        <Button type="submit" variant="contained" size="large" loading={pending} fullWidth>
          {translate('app.auth.new_password.submit')}
        </Button>
        {/* Lets a password manager file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={payload.username} readOnly hidden />
      </Stack>
    </AuthLayout>
  );
}
