import { HttpError } from 'react-admin';
import { isSessionLost } from '../../providers/httpClient';

/**
 * What a failed call of the sign-in flows shows: a snackbar (its translation key), or a flag for a mistake
 * in what was typed, which the screen shows inline by the field. Nothing when the http client has already
 * ended the session (it showed `GenericError` and went to /logout).
 */
export interface AuthFailure {
  snack?:
    | 'GenericError'
    | 'snackError_codeResend'
    | 'app.auth.code.expired'
    | 'app.auth.code.too_many_tries'
    | 'app.http.too_many_requests';
  flag?: 'errorLoginResetPassword' | 'errorWrongCode';
  /** The restricted session ended with its code: the user starts again from the sign-in page. */
  restart?: boolean;
}

const status = (error: unknown) => (error instanceof HttpError ? error.status : undefined);

const description = (error: unknown) =>
  error instanceof HttpError ? (error.body as { description?: unknown } | null)?.description : undefined;

/** `POST /api/auth/reinit-password/request`: 404 is an unknown address; anything else, a generic error. */
export function resetRequestFailure(error: unknown): AuthFailure {
  if (isSessionLost(error)) return {};
  if (status(error) === 429) return { snack: 'app.http.too_many_requests' };
  return status(error) === 404 ? { flag: 'errorLoginResetPassword' } : { snack: 'GenericError' };
}

/**
 * `POST /api/auth/email/check-code`: the code is wrong; or it expired, or its tries are spent, and the
 * session waiting for it ended (a new code comes with a new request); or too many codes from here.
 * (`new_code_sent` is how a server that replaces an expired code unasked says so.)
 */
export function codeCheckFailure(error: unknown): AuthFailure {
  if (isSessionLost(error)) return {};
  if (status(error) === 429) return { snack: 'app.http.too_many_requests' };
  if (status(error) !== 404) return { snack: 'GenericError' };
  switch (description(error)) {
    case 'new_code_sent':
      return { snack: 'snackError_codeResend' };
    case 'code_expired':
      return { snack: 'app.auth.code.expired', restart: true };
    case 'too_many_tries':
      return { snack: 'app.auth.code.too_many_tries', restart: true };
    default:
      return { flag: 'errorWrongCode' };
  }
}

/** `POST /api/auth/email/resend-code`: the account was sent enough codes for now. */
export function resendFailure(error: unknown): AuthFailure {
  if (isSessionLost(error)) return {};
  return status(error) === 429 ? { snack: 'app.http.too_many_requests' } : { snack: 'GenericError' };
}

/** `POST /api/auth/reinit-password/validate`: a 422 shows under its fields; anything else is generic. */
export function newPasswordFailure(error: unknown): AuthFailure & { fields?: Record<string, string> } {
  if (isSessionLost(error)) return {};
  const fields = status(error) === 422 ? (error as HttpError).body?.errors : undefined;
  return fields && Object.keys(fields).length > 0 ? { fields } : { snack: 'GenericError' };
}
