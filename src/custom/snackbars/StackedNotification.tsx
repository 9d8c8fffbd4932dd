import { useCallback, useEffect, useRef, useState } from 'react';
import { Stack } from '@mui/material';
import { useNavigate, useNotificationContext, useNotify, useTakeUndoableMutation } from 'react-admin';
import { AUTH_ROUTES } from '../../providers/authProvider';
import { setSessionLostHandler } from '../../providers/httpClient';
import { SnackItem } from './SnackItem';
import { dropSnack, pushSnack, toSnack, type Snack } from './snacks';

/**
 * The notification area of every page (spec section 2): react-admin's notifications (`useNotify`) taken
 * from its queue as they come and shown stacked, newest on top, instead of one at a time. It is also
 * where the http client learns how to end a lost session: say so, then go to /logout.
 */
export function StackedNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [snacks, setSnacks] = useState<Snack[]>([]);
  const lastId = useRef(0);

  useEffect(() => {
    if (notifications.length === 0) return;
    const arrived: Snack[] = [];
    for (let next = takeNotification(); next; next = takeNotification()) {
      const snack = toSnack(next, Date.now(), lastId.current);
      lastId.current = snack.id;
      arrived.push(snack);
    }
    // react-admin's queue is another component's state: its notifications are moved into ours as they come.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSnacks((current) => arrived.reduce(pushSnack, current));
  }, [notifications, takeNotification]);

  useEffect(
    () =>
      setSessionLostHandler((notice) => {
        if (notice) notify(notice, { type: 'error' });
        navigate(AUTH_ROUTES.logout);
      }),
    [notify, navigate],
  );

  const gone = useCallback(
    (snack: Snack, undone: boolean) => {
      // An undoable mutation waits for its snack: undone, it is dropped; otherwise it is sent now.
      if (snack.undoable) takeMutation()?.({ isUndo: undone });
      setSnacks((current) => dropSnack(current, snack.id));
    },
    [takeMutation],
  );

  return (
    <Stack
      component="section"
      aria-live="polite"
      spacing={1}
      sx={{ position: 'fixed', top: 72, right: 16, zIndex: (theme) => theme.zIndex.snackbar, alignItems: 'flex-end' }}
    >
      {snacks.map((snack) => (
        <SnackItem key={snack.id} snack={snack} onGone={gone} />
      ))}
    </Stack>
  );
}
