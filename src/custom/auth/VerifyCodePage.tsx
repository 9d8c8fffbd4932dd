import { useState, type FormEvent } from 'react';
import { Button, Stack } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { useNavigate, useNotify, useTranslate } from 'react-admin';
import { AUTH_ROUTES } from '../../providers/authProvider';
import { httpClient } from '../../providers/httpClient';
import { openSession } from '../../providers/session';
import { sessionStore } from '../../providers/sessionStore';
import { codeCheckFailure, resendFailure } from './authFailures';
import { AuthLayout } from './AuthLayout';
import { CodeEntry } from './CodeEntry';
import { restrictedStep } from './restrictedStep';
import { useCodeEntry } from './useCodeEntry';

/**
 * The e-mailed code, after a reset request or at a first connection (the restricted session waits for
 * it). A good code moves the session to its password step.
 */
export function VerifyCodePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const entry = useCodeEntry();
  const [pending, setPending] = useState<'check' | 'resend'>();

  const step = restrictedStep(AUTH_ROUTES.code);
  if ('redirect' in step) return <Navigate to={step.redirect} replace />;
  const { payload } = step;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = entry.typedCode();
    if (typed === undefined) return;
    setPending('check');
    entry.setProblem(undefined);
    try {
      const { json } = await httpClient('/api/auth/email/check-code', {
        method: 'POST',
        body: JSON.stringify({ code: typed }),
      });
      openSession(json);
      navigate(AUTH_ROUTES.newPassword);
    } catch (error) {
      const failure = codeCheckFailure(error);
      if (failure.snack) notify(failure.snack, { type: 'error' });
      if (failure.restart) {
        sessionStore.clear();
        navigate(AUTH_ROUTES.login);
        return;
      }
      if (failure.flag === 'errorWrongCode') entry.setProblem('wrong');
      if (failure.flag || failure.snack === 'snackError_codeResend') entry.restart();
      setPending(undefined);
    }
  }

  async function resend() {
    setPending('resend');
    entry.setProblem(undefined);
    try {
      await httpClient('/api/auth/email/resend-code', { method: 'POST', body: '{}' });
      notify('app.auth.code.resent', { type: 'info' });
      entry.restart();
    } catch (error) {
      const failure = resendFailure(error);
      if (failure.snack) notify(failure.snack, { type: 'error' });
    }
    setPending(undefined);
  }

  return (
    <AuthLayout
      title="app.auth.code.title"
      intro={translate('app.auth.code.intro', { email: payload.username })}
      backToLogin
    >
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        <CodeEntry {...entry.entryProps} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={pending === 'check'}
          disabled={pending === 'resend'}
          fullWidth
        >
          {translate('app.auth.code.submit')}
        </Button>
        <Button variant="text" onClick={resend} loading={pending === 'resend'} disabled={pending === 'check'}>
          {translate('app.auth.code.resend')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
