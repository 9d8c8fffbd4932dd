import { Create } from 'react-admin';
import type { ScreensConfig } from './fieldSpec';
import { ResourceForm } from './ResourceForm';

/** A new record from the resource's declared inputs; back to the list once the server has it. */
export function ResourceCreate({ config }: { config: ScreensConfig }) {
  return (
    <Create redirect="list">
      <ResourceForm config={config} mode="create" />
    </Create>
  );
}
