import type { TranslateFunction } from 'react-admin';

/** The French words for a refused upload: the server's 413 and 415, else its own message. */
export function uploadErrorMessage(error: unknown, translate: TranslateFunction): string {
  const status = (error as { status?: number })?.status;
  if (status === 413) return translate('app.library.upload.too_large');
  if (status === 415) return translate('app.library.upload.unsupported');
  const message = error instanceof Error ? error.message : String(error);
  return translate('app.library.upload.failed', { message });
}
