import { useCallback, useEffect, useRef } from 'react';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { useNavigate, useNotificationContext, useNotify, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { AUTH_ROUTES } from '../../providers/authProvider';
import { setSessionLostHandler } from '../../providers/httpClient';
import { toSnack } from './snacks';
import { UndoButton } from './UndoButton';

type UndoableMutation = (params: { isUndo: boolean }) => void;

/**
 * Moves react-admin's notifications (`useNotify`) into notistack as they come, the way react-admin's own
 * `<Notification>` consumes its queue, except that they stack instead of waiting for one another. Also
 * where the http client learns how to end a lost session: say so, then go to /logout.
 */
export function NotificationFeed() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const lastId = useRef(0);
  // The mutations held back by undoable snacks, each with its own snack so that any one may be undone.
  const held = useRef(new Map<SnackbarKey, UndoableMutation>());

  const settle = useCallback((key: SnackbarKey, isUndo: boolean) => {
    const mutation = held.current.get(key);
    if (!mutation) return;
    held.current.delete(key);
    mutation({ isUndo });
  }, []);

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
    if (mutation) held.current.set(snack.id, mutation);
    enqueueSnackbar(snack.content ?? translate(snack.label, snack.labelArgs), {
      key: snack.id,
      variant: snack.type,
      autoHideDuration: snack.visibleMs,
      persist: snack.visibleMs === null,
      action: mutation
        ? (key: SnackbarKey) => (
            <UndoButton
              onUndo={() => {
                settle(key, true);
                closeSnackbar(key);
              }}
            />
          )
        : undefined,
      // Like react-admin: a mutation not undone is sent once its snack has gone.
      onExited: (_node, key) => settle(key, false),
    });
  }, [notifications, takeNotification, takeMutation, enqueueSnackbar, closeSnackbar, translate, settle]);

  useEffect(() => {
    // Leaving the page would drop the mutations still held back: the browser asks first, as with react-admin.
    const guard = (event: BeforeUnloadEvent) => {
      if (held.current.size > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, []);

  useEffect(
    () =>
      setSessionLostHandler((notice) => {
        if (notice) notify(notice, { type: 'error' });
        navigate(AUTH_ROUTES.logout);
      }),
    [notify, navigate],
  );

  return null;
}
