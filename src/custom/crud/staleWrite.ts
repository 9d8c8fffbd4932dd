import type { useNotify } from 'react-admin';

interface ErrorShape {
  status?: unknown;
  message?: unknown;
  body?: { reason?: unknown; errors?: Record<string, unknown> } | null;
}

/** The server refused a save because the record was written since the form read it (API.md, 409 `stale`). */
export function isStaleWrite(error: unknown): boolean {
  const candidate = error as ErrorShape | null;
  return candidate?.status === 409 && candidate.body?.reason === 'stale';
}

/**
 * What react-admin's edit controller does with a failed save when no `onError` is given, for the errors
 * the stale-write handling passes on: violations show under their inputs (the form says it is invalid),
 * anything else is a snackbar with the error's message, a translation key from the http client.
 */
export function notifySaveError(notify: ReturnType<typeof useNotify>, error: unknown): void {
  const candidate = (typeof error === 'object' && error !== null ? error : {}) as ErrorShape;
  const violations = candidate.body?.errors;
  if (violations && Object.keys(violations).length > 0) return;
  const message =
    typeof error === 'string'
      ? error
      : typeof candidate.message === 'string' && candidate.message
        ? candidate.message
        : 'ra.notification.http_error';
  notify(message, { type: 'error', messageArgs: { _: message } });
}
