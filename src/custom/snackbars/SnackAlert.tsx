import { useEffect, type ReactNode } from 'react';
import { Alert, Fade } from '@mui/material';
import { CloseNotificationContext, useTranslate } from 'react-admin';
import { SNACK_ENTER_MS, SNACK_FADE_MS, type Snack } from './snacks';
import { UndoButton } from './UndoButton';

interface SnackAlertProps {
  snack: Snack;
  /** False once it is leaving: it fades out, then `onGone`. */
  shown: boolean;
  onClose: (id: number) => void;
  onGone: (id: number) => void;
  onUndo?: (id: number) => void;
}

/**
 * One snack: a filled MUI alert in its type's palette colour (success green, error red, warning orange,
 * info blue), gone after its time or at once on a click anywhere on it.
 */
export function SnackAlert({ snack, shown, onClose, onGone, onUndo }: SnackAlertProps) {
  const translate = useTranslate();
  const { id, visibleMs } = snack;

  useEffect(() => {
    if (!shown || visibleMs === null) return;
    const timer = setTimeout(() => onClose(id), visibleMs);
    return () => clearTimeout(timer);
  }, [shown, visibleMs, id, onClose]);

  const close = () => onClose(id);
  const message: ReactNode = snack.content ?? translate(snack.label, snack.labelArgs);
  return (
    // react-admin lets an element message close its own notification (useCloseNotification).
    <CloseNotificationContext.Provider value={close}>
      <Fade in={shown} appear timeout={{ enter: SNACK_ENTER_MS, exit: SNACK_FADE_MS }} onExited={() => onGone(id)}>
        <Alert
          variant="filled"
          severity={snack.type}
          role={snack.type === 'error' ? 'alert' : 'status'}
          data-snack-id={id}
          data-snack-type={snack.type}
          onClick={close}
          title={translate('app.snackbar.close')}
          action={onUndo && <UndoButton onUndo={() => onUndo(id)} />}
          sx={{
            cursor: 'pointer',
            boxShadow: 3,
            minWidth: 288,
            maxWidth: 480,
            alignItems: 'center',
            pointerEvents: 'auto',
          }}
        >
          {message}
        </Alert>
      </Fade>
    </CloseNotificationContext.Provider>
  );
}
