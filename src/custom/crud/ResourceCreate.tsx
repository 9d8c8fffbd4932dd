import type { ReactNode } from 'react';
import { Create } from 'react-admin';
import type { ScreensConfig } from './fieldSpec';
import { ResourceForm } from './ResourceForm';

/** A new record from the resource's declared inputs (or its own `form`); back to the list once the server has it. */
export function ResourceCreate({ config, form }: { config: ScreensConfig; form?: ReactNode }) {
  const { createdPage } = config;
  return (
    <Create redirect={createdPage ? (_resource, id) => createdPage(id ?? '') : 'list'}>
      {form ?? <ResourceForm config={config} mode="create" />}
    </Create>
  );
}
