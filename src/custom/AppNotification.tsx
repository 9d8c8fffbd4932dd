import { useEffect } from 'react';
import { Notification, useNavigate, useNotify } from 'react-admin';
import { AUTH_ROUTES } from '../providers/authProvider';
import { setSessionLostHandler } from '../providers/httpClient';

/** Spec, section 9: a snackbar shows for 3 s (then fades out in 500 ms), or until clicked. */
const SNACKBAR_MS = 3000;

/**
 * The notification area, on every page (react-admin renders it outside the layout). It is also where the
 * http client learns how to end a lost session: say so in a snackbar, then go to /logout.
 */
export function AppNotification() {
  const notify = useNotify();
  const navigate = useNavigate();
  useEffect(
    () =>
      setSessionLostHandler((notice) => {
        if (notice) notify(notice, { type: 'error' });
        navigate(AUTH_ROUTES.logout);
      }),
    [notify, navigate],
  );
  return <Notification autoHideDuration={SNACKBAR_MS} />;
}
