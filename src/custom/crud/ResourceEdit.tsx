import { Edit } from 'react-admin';
import type { ScreensConfig } from './fieldSpec';
import { ResourceForm } from './ResourceForm';

/** Pessimistic: a save waits for the server, so its violations land on the fields; a delete asks first. */
export function ResourceEdit({ config }: { config: ScreensConfig }) {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <ResourceForm config={config} mode="edit" />
    </Edit>
  );
}
