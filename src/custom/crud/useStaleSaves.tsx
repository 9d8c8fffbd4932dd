import { useCallback, useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { isStaleWrite, notifySaveError } from './staleWrite';
import { StaleWriteAlert } from './StaleWriteAlert';

/**
 * What an edit form does with a refused save: a stale one (someone wrote the record since it was read)
 * keeps the form as typed and shows, above it, the message with a way to reload; any other is a snackbar.
 * `onError` goes in the form's mutationOptions, `staleAlert` above its inputs.
 */
export function useStaleSaves(): { onError: (error: unknown) => void; staleAlert: ReactNode } {
  const notify = useNotify();
  // How many saves were refused as stale since the last reload: each one shows the message afresh.
  const [staleSaves, setStaleSaves] = useState(0);
  const onError = useCallback(
    (error: unknown) => {
      if (isStaleWrite(error)) setStaleSaves((count) => count + 1);
      else notifySaveError(notify, error);
    },
    [notify],
  );
  const staleAlert = staleSaves > 0 ? <StaleWriteAlert key={staleSaves} onReloaded={() => setStaleSaves(0)} /> : null;
  return { onError, staleAlert };
}
