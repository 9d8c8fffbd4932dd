import { SimpleForm } from 'react-admin';
import { fieldInput } from './fieldInput';
import type { ScreensConfig } from './fieldSpec';

/** The inputs of a create or edit form; what the server writes itself is left out. */
export function ResourceForm({ config, mode }: { config: ScreensConfig; mode: 'create' | 'edit' }) {
  return (
    <SimpleForm warnWhenUnsavedChanges>
      {config.fields.filter((spec) => !spec.readOnly && (mode === 'create' || !spec.createOnly)).map(fieldInput)}
    </SimpleForm>
  );
}
