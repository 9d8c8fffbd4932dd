import { useEffect, useRef } from 'react';
import { useNavigate, useNotificationContext, useNotify, useTakeUndoableMutation } from 'react-admin';
import { AUTH_ROUTES } from '../../providers/authProvider';
import { setSessionLostHandler } from '../../providers/httpClient';
import { toSnack, type Snack, type UndoableMutation } from './snacks';

/**
 * Takes react-admin's notifications (`useNotify`) as they come, the way react-admin's own `<Notification>`
 * consumes its queue, and hands each on as a snack with the mutation it holds back, if undoable. Also
 * where the http client learns how to end a lost session: say so, then go to /logout.
 */
export function useNotificationFeed(onSnack: (snack: Snack, mutation: UndoableMutation | undefined) => void) {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const notify = useNotify();
  const navigate = useNavigate();
  const lastId = useRef(0);

  useEffect(() => {
    // react-admin's take reads the queue of this render, so one notification is taken per render; taking
    // it re-renders with the rest of the queue, and this effect runs again until the queue is empty.
    if (notifications.length === 0) return;
    const notification = takeNotification();
    if (!notification) return;
    const snack = toSnack(notification, Date.now(), lastId.current);
    lastId.current = snack.id;
    // An undoable mutation is queued before its notification (react-admin notifies on the next tick), and
    // both queues are first in, first out: this snack's mutation is the first one waiting.
    const mutation = snack.undoable ? takeMutation() : undefined;
    onSnack(snack, mutation || undefined);
  }, [notifications, takeNotification, takeMutation, onSnack]);

  useEffect(
    () =>
      setSessionLostHandler((notice) => {
        if (notice) notify(notice, { type: 'error' });
        navigate(AUTH_ROUTES.logout);
      }),
    [notify, navigate],
  );
}
