import type { TranslateFunction } from 'react-admin';

interface ApiFailure {
  status?: number;
  body?: { reason?: string; violations?: { propertyPath?: string }[] };
}

/** A refused folder write in French: a cycle, a non-empty folder, a stale edit, else the generic words. */
export function folderErrorMessage(error: unknown, translate: TranslateFunction): string {
  const { status, body } = (error ?? {}) as ApiFailure;
  if (status === 422 && body?.violations?.some((violation) => violation.propertyPath === 'parent'))
    return translate('app.folders.errors.cycle');
  if (status === 409 && body?.reason === 'referenced') return translate('app.folders.errors.not_empty');
  if (status === 409 && body?.reason === 'stale') return translate('app.folders.errors.stale');
  return translate('GenericError');
}
