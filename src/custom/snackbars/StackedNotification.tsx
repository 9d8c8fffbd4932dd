import { useCallback, useEffect, useRef, useState } from 'react';
import { Box } from '@mui/material';
import { SnackAlert } from './SnackAlert';
import { SNACK_MAX_STACKED, type Snack, type UndoableMutation } from './snacks';
import { useNotificationFeed } from './useNotificationFeed';

interface StackedSnack {
  snack: Snack;
  shown: boolean;
  /** It holds a mutation back: "Annuler" rolls it back. */
  undoable: boolean;
}

/**
 * The notification area of every page: react-admin's notifications stacked, newest on
 * top, each gone after 3 s and a 500 ms fade, or at once on a click. react-admin's own `<Notification>`
 * shows one at a time. An undoable snack holds its mutation back until it goes, as react-admin's does.
 */
export function StackedNotification() {
  const [stack, setStack] = useState<StackedSnack[]>([]);
  // The mutations held back by undoable snacks, each with its own snack so that any one may be undone.
  const held = useRef(new Map<number, UndoableMutation>());

  const settle = useCallback((id: number, isUndo: boolean) => {
    const mutation = held.current.get(id);
    if (!mutation) return;
    held.current.delete(id);
    mutation({ isUndo });
  }, []);

  const add = useCallback((snack: Snack, mutation: UndoableMutation | undefined) => {
    if (mutation) held.current.set(snack.id, mutation);
    setStack((current) => {
      const next = [...current, { snack, shown: true, undoable: mutation !== undefined }];
      // Past the limit, the oldest still shown fades out to make room.
      const overflow = next.filter((item) => item.shown).length - SNACK_MAX_STACKED;
      const leaving = new Set(next.filter((item) => item.shown).slice(0, Math.max(0, overflow)));
      return leaving.size === 0 ? next : next.map((item) => (leaving.has(item) ? { ...item, shown: false } : item));
    });
  }, []);

  useNotificationFeed(add);

  const close = useCallback((id: number) => {
    setStack((current) =>
      current.map((item) => (item.snack.id === id && item.shown ? { ...item, shown: false } : item)),
    );
  }, []);

  // Like react-admin: a mutation not undone is sent once its snack has gone.
  const gone = useCallback(
    (id: number) => {
      setStack((current) => current.filter((item) => item.snack.id !== id));
      settle(id, false);
    },
    [settle],
  );

  const undo = useCallback(
    (id: number) => {
      settle(id, true);
      close(id);
    },
    [settle, close],
  );

  useEffect(() => {
    // Leaving the page would drop the mutations still held back: the browser asks first, as with react-admin.
    const guard = (event: BeforeUnloadEvent) => {
      if (held.current.size > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, []);

  if (stack.length === 0) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        bottom: { xs: 8, sm: 24 },
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        // In the order they came; drawn bottom up, so the newest is on top.
        flexDirection: 'column-reverse',
        alignItems: 'center',
        gap: 1,
        // Only the snacks take clicks, not the room between them.
        pointerEvents: 'none',
      }}
    >
      {stack.map(({ snack, shown, undoable }) => (
        <SnackAlert
          key={snack.id}
          snack={snack}
          shown={shown}
          onClose={close}
          onGone={gone}
          onUndo={undoable && shown ? undo : undefined}
        />
      ))}
    </Box>
  );
}
