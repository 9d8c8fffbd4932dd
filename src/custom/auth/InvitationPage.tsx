import { useState, type FormEvent } from 'react';
import { Button, Stack } from '@mui/material';
import { useNavigate, useNotify, useTranslate } from 'react-admin';
import { AUTH_ROUTES } from '../../providers/authProvider';
import { httpClient } from '../../providers/httpClient';
import { openSession } from '../../providers/session';
import { codeCheckFailure } from './authFailures';
import { AuthLayout } from './AuthLayout';
import { CodeEntry } from './CodeEntry';
import { EmailField } from './EmailField';
import { useCodeEntry } from './useCodeEntry';

/**
 * An invited user's first visit: their e-mail and the code of the invitation mail open the
 * session that chooses a password, as a checked reset code does.
 */
export function InvitationPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const entry = useCodeEntry();
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = entry.typedCode();
    if (typed === undefined) return;
    setPending(true);
    entry.setProblem(undefined);
    try {
      const { json } = await httpClient('/api/auth/invitation', {
        method: 'POST',
        body: JSON.stringify({ email: email.trim(), code: typed }),
        secured: false,
      });
      openSession(json);
      navigate(AUTH_ROUTES.newPassword);
    } catch (error) {
      const failure = codeCheckFailure(error);
      if (failure.snack) notify(failure.snack, { type: 'error' });
      if (failure.flag === 'errorWrongCode' || failure.restart) {
        entry.setProblem(failure.flag ? 'wrong' : undefined);
        entry.restart();
      }
      setPending(false);
    }
  }

  return (
    <AuthLayout title="app.people.invitation.title" intro={translate('app.people.invitation.intro')} backToLogin>
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        <EmailField value={email} onChange={setEmail} />
        <CodeEntry {...entry.entryProps} />
        <Button type="submit" variant="contained" size="large" loading={pending} disabled={!email.trim()} fullWidth>
          {translate('app.auth.code.submit')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
