import { HttpError } from 'react-admin';
import { isSessionLost } from '../../providers/httpClient';

/**
 * What a failed call of the sign-in flows shows (spec, sections 4 and 8): a snackbar (its translation
 * key), or one of the spec's flags, shown inline by the screen. Nothing when the http client has already
 * ended the session (it showed `GenericError` and went to /logout).
 */
export interface AuthFailure {
  snack?: 'GenericError' | 'snackError_codeResend';
  flag?: 'errorLoginResetPassword' | 'errorWrongCode';
}

const status = (error: unknown) => (error instanceof HttpError ? error.status : undefined);

const description = (error: unknown) =>
  error instanceof HttpError ? (error.body as { description?: unknown } | null)?.description : undefined;

/** `POST /api/auth/reinit-password/request`: 404 is an unknown address; anything else, a generic error. */
export function resetRequestFailure(error: unknown): AuthFailure {
  if (isSessionLost(error)) return {};
  return status(error) === 404 ? { flag: 'errorLoginResetPassword' } : { snack: 'GenericError' };
}

/** `POST /api/auth/email/check-code`: an expired code was replaced by a new one, or the code is wrong. */
export function codeCheckFailure(error: unknown): AuthFailure {
  if (isSessionLost(error)) return {};
  if (status(error) !== 404) return { snack: 'GenericError' };
  return description(error) === 'new_code_sent' ? { snack: 'snackError_codeResend' } : { flag: 'errorWrongCode' };
}

/** `POST /api/auth/reinit-password/validate`: a 422 shows under its fields; anything else is generic. */
export function newPasswordFailure(error: unknown): AuthFailure & { fields?: Record<string, string> } {
  if (isSessionLost(error)) return {};
  const fields = status(error) === 422 ? (error as HttpError).body?.errors : undefined;
  return fields && Object.keys(fields).length > 0 ? { fields } : { snack: 'GenericError' };
}
