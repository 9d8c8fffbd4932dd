import { Fade } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { NotificationFeed } from './NotificationFeed';
import { SnackAlert } from './SnackAlert';
import { SNACK_FADE_MS, SNACK_MAX_STACKED, SNACK_VISIBLE_MS } from './snacks';

const ALERT_FOR_EVERY_TYPE = { default: SnackAlert, success: SnackAlert, error: SnackAlert, warning: SnackAlert, info: SnackAlert };

/**
 * The notification area of every page (spec section 2), for `<Admin notification>`: react-admin's
 * notifications stacked, newest on top, each gone after 3 s and a 500 ms fade, or at once on a click.
 */
export function StackedNotification() {
  return (
    <SnackbarProvider
      maxSnack={SNACK_MAX_STACKED}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      autoHideDuration={SNACK_VISIBLE_MS}
      TransitionComponent={Fade}
      transitionDuration={{ enter: 225, exit: SNACK_FADE_MS }}
      Components={ALERT_FOR_EVERY_TYPE}
    >
      <NotificationFeed />
    </SnackbarProvider>
  );
}
