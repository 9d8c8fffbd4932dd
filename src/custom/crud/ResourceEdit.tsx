import type { ReactNode } from 'react';
import { Edit } from 'react-admin';
import type { ScreensConfig } from './fieldSpec';
import { ResourceForm } from './ResourceForm';
import { useStaleSaves } from './useStaleSaves';

/**
 * Pessimistic: a save waits for the server, so its violations land on the fields; a delete asks first.
 * A save the server refuses as stale (someone wrote the record since it was read) keeps the form as typed
 * and shows a message with a way to reload, above the form. `form` replaces the declared inputs (a
 * resource with its own editors, the chapter parts).
 */
export function ResourceEdit({ config, form }: { config: ScreensConfig; form?: ReactNode }) {
  const { onError, staleAlert } = useStaleSaves();
  return (
    <Edit mutationMode="pessimistic" redirect="list" mutationOptions={{ onError }}>
      {staleAlert}
      {form ?? <ResourceForm config={config} mode="edit" />}
    </Edit>
  );
}
