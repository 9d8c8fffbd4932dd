import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/** For a user who has not signed in yet: a new invitation code by e-mail (bounded like every code). */
export function InvitationResend({ userId }: { userId: Identifier }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [pending, setPending] = useState(false);

  async function resend() {
    setPending(true);
    try {
      await dataProvider.sendInvitation({ id: userId });
      notify('app.people.invitation.sent', { type: 'success' });
    } catch (failure) {
      notify((failure as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
    setPending(false);
  }

  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={resend} loading={pending}>
          {translate('app.people.invitation.resend')}
        </Button>
      }
    >
      {translate('app.people.invitation.pending')}
    </Alert>
  );
}
