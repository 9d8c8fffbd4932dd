import type { Ref } from 'react';
import { Alert, type AlertColor } from '@mui/material';
import { useSnackbar, type CustomContentProps } from 'notistack';
import { CloseNotificationContext, useTranslate } from 'react-admin';

type SnackAlertProps = CustomContentProps & { ref?: Ref<HTMLDivElement> };

/**
 * How notistack draws one snack: a filled MUI alert in its type's palette colour (success green, error
 * red, warning orange, info blue). A click anywhere on it dismisses it (spec section 4, "Snackbars").
 */
export function SnackAlert({ id, message, variant, action, style, className, ref }: SnackAlertProps) {
  const { closeSnackbar } = useSnackbar();
  const translate = useTranslate();
  const close = () => closeSnackbar(id);
  const severity: AlertColor = variant === 'default' ? 'info' : variant;
  return (
    // react-admin lets an element message close its own notification (useCloseNotification).
    <CloseNotificationContext.Provider value={close}>
      <Alert
        ref={ref}
        style={style}
        className={className}
        variant="filled"
        severity={severity}
        role={severity === 'error' ? 'alert' : 'status'}
        data-snack-id={id}
        data-snack-type={severity}
        onClick={close}
        title={translate('app.snackbar.close')}
        action={typeof action === 'function' ? action(id) : action}
        sx={{ cursor: 'pointer', boxShadow: 3, minWidth: 288, maxWidth: 480, alignItems: 'center' }}
      >
        {message}
      </Alert>
    </CloseNotificationContext.Provider>
  );
}
