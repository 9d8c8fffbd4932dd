import { HttpError, useNotify } from 'react-admin';

/**
 * A refused save as react-admin form errors: a 422's violations under their fields (the http client has
 * already mapped them, `{field: message}`), so that what the user typed stays; undefined for any other error.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof HttpError) || error.status !== 422) return undefined;
  const errors = (error.body as { errors?: Record<string, string> } | null)?.errors;
  return errors && Object.keys(errors).length > 0 ? errors : undefined;
}

/**
 * What a form's onSubmit answers for a refused save: the 422's field errors, kept on the form; any other
 * failure becomes a snackbar (and the form keeps what was typed either way).
 */
export function useSaveFailure(): (failure: unknown) => Record<string, string> | undefined {
  const notify = useNotify();
  return (failure) => {
    const errors = fieldErrorsOf(failure);
    if (!errors) notify((failure as Error).message || 'ra.notification.http_error', { type: 'error' });
    return errors;
  };
}
