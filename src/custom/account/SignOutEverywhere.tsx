import { useState } from 'react';
import { Button } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { Confirm, useDataProvider, useLogout, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/** Ends every session of the user (each device's refresh token is revoked), this one included. */
export function SignOutEverywhere() {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await dataProvider.signOutEverywhere();
      setAsking(false);
      notify('app.people.account.signed_out_everywhere', { type: 'success' });
      await logout();
    } catch (failure) {
      notify((failure as Error).message || 'ra.notification.http_error', { type: 'error' });
      setPending(false);
    }
  }

  return (
    <>
      <Button variant="outlined" color="error" startIcon={<LogoutIcon />} onClick={() => setAsking(true)}>
        {translate('app.people.account.sign_out_everywhere')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={pending}
        title="app.people.account.sign_out_everywhere_title"
        content="app.people.account.sign_out_everywhere_content"
        confirm="app.people.account.sign_out_everywhere"
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
