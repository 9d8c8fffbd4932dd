import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Fade } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SNACK_FADE_MS, SNACK_VISIBLE_MS, type Snack } from './snacks';

interface SnackItemProps {
  snack: Snack;
  /** The snack has faded out; `undone` when the user chose to undo. */
  onGone: (snack: Snack, undone: boolean) => void;
}

/** One snackbar: filled in its type's colour, gone after 3000 ms plus a 500 ms fade, or at once on a click. */
export function SnackItem({ snack, onGone }: SnackItemProps) {
  const translate = useTranslate();
  const [shown, setShown] = useState(true);
  const undone = useRef(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(false), SNACK_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Fade in={shown} appear={false} timeout={{ exit: SNACK_FADE_MS }} onExited={() => onGone(snack, undone.current)}>
      <Alert
        variant="filled"
        severity={snack.type}
        role={snack.type === 'error' ? 'alert' : 'status'}
        data-snack-type={snack.type}
        onClick={() => setShown(false)}
        sx={{ cursor: 'pointer', boxShadow: 3, minWidth: 280, maxWidth: 480 }}
        action={
          snack.undoable ? (
            <Button
              color="inherit"
              size="small"
              onClick={(event) => {
                event.stopPropagation();
                undone.current = true;
                setShown(false);
              }}
            >
              {translate('ra.action.undo')}
            </Button>
          ) : undefined
        }
      >
        {translate(snack.label, { _: snack.label, ...snack.labelArgs })}
      </Alert>
    </Fade>
  );
}
