import { useCallback, useState, type ReactNode } from 'react';
import { Edit, useNotify } from 'react-admin';
import type { ScreensConfig } from './fieldSpec';
import { ResourceForm } from './ResourceForm';
import { isStaleWrite, notifySaveError } from './staleWrite';
import { StaleWriteAlert } from './StaleWriteAlert';

/**
 * Pessimistic: a save waits for the server, so its violations land on the fields; a delete asks first.
 * A save the server refuses as stale (someone wrote the record since it was read) keeps the form as typed
 * and shows a message with a way to reload, above the form. `form` replaces the declared inputs (a
 * resource with its own editors, the chapter parts).
 */
export function ResourceEdit({ config, form }: { config: ScreensConfig; form?: ReactNode }) {
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
  return (
    <Edit mutationMode="pessimistic" redirect="list" mutationOptions={{ onError }}>
      {staleSaves > 0 && <StaleWriteAlert key={staleSaves} onReloaded={() => setStaleSaves(0)} />}
      {form ?? <ResourceForm config={config} mode="edit" />}
    </Edit>
  );
}
