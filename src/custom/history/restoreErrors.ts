import type { TranslateFunction } from 'react-admin';
import { isStaleWrite } from '../crud/staleWrite';

interface RestoreFailure {
  status?: number;
  message?: string;
  body?: { errors?: Record<string, string>; detail?: unknown } | null;
}

/** Why a restore was refused, in the interface's language. */
export interface RestoreRefusal {
  /** The snackbar's sentence. */
  message: string;
  /** For a version that can no longer apply (422): each field's reason, under its label. */
  reasons: string[];
}

/**
 * A refused restore in words: the record changed meanwhile (409 stale), the version can no longer apply
 * (422: a relation gone, a rule of today's), or what the http client said (rights, network).
 */
export function restoreRefusal(
  error: unknown,
  translate: TranslateFunction,
  labelOf: (field: string) => string,
): RestoreRefusal {
  const failure = (error ?? {}) as RestoreFailure;
  if (isStaleWrite(error)) return { message: translate('app.history.errors.stale'), reasons: [] };
  if (failure.status === 422) {
    const reasons = Object.entries(failure.body?.errors ?? {}).map(
      ([field, reason]) => `${labelOf(field)} : ${translate(reason, { _: reason })}`,
    );
    const detail = typeof failure.body?.detail === 'string' && reasons.length === 0 ? [failure.body.detail] : [];
    return { message: translate('app.history.errors.cannot_apply'), reasons: [...reasons, ...detail] };
  }
  const key = failure.message || 'GenericError';
  return { message: translate(key, { _: translate('GenericError') }), reasons: [] };
}
