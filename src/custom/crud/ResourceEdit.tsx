import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Edit, useCreatePath, useRecordContext, useResourceContext } from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';
import type { ScreensConfig } from './fieldSpec';
import { ResourceForm } from './ResourceForm';
import { useStaleSaves } from './useStaleSaves';

/**
 * A record the session may read but not change (a catalogue course from inside a structure, opened by its
 * address) is shown instead of a form whose save would be refused.
 */
function ReadOnlyRecordGuard() {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const createPath = useCreatePath();
  if (!record || sessionAllows(resource, 'edit', record)) return null;
  return <Navigate to={createPath({ resource, id: record.id, type: 'show' })} replace />;
}

/**
 * Pessimistic: a save waits for the server, so its violations land on the fields; a delete asks first.
 * A save the server refuses as stale (someone wrote the record since it was read) keeps the form as typed
 * and shows a message with a way to reload, above the form. `form` replaces the declared inputs (a
 * resource with its own editors, the chapter parts); `actions` replaces react-admin's buttons above it.
 */
export function ResourceEdit({
  config,
  form,
  actions,
}: {
  config: ScreensConfig;
  form?: ReactNode;
  actions?: ReactNode;
}) {
  const { onError, staleAlert } = useStaleSaves();
  return (
    <Edit mutationMode="pessimistic" redirect="list" mutationOptions={{ onError }} actions={actions}>
      <ReadOnlyRecordGuard />
      {staleAlert}
      {form ?? <ResourceForm config={config} mode="edit" />}
    </Edit>
  );
}
