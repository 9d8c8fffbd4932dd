import { Labeled, SimpleForm, useResourceContext } from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';
import { fieldInput } from './fieldInput';
import type { FieldSpec, ScreensConfig } from './fieldSpec';
import { fieldValue } from './fieldValue';

/**
 * The inputs of a create or edit form. What the server writes itself is left out; a field the session may
 * not write (the rights table's `fields`: a contributor's own type, roles, enabled) is shown as it is, not
 * offered as an input the server would ignore.
 */
export function ResourceForm({ config, mode }: { config: ScreensConfig; mode: 'create' | 'edit' }) {
  const resource = useResourceContext() ?? '';
  const writable = (spec: FieldSpec) => sessionAllows(`${resource}.${spec.source}`, 'write');
  const fields = config.fields.filter((spec) => !spec.readOnly && (mode === 'create' || !spec.createOnly));
  return (
    <SimpleForm warnWhenUnsavedChanges>
      {fields.map((spec) =>
        writable(spec) ? (
          fieldInput(spec)
        ) : mode === 'edit' && spec.kind !== 'password' ? (
          <Labeled key={spec.source} source={spec.source} data-testid={`read-only-${spec.source}`}>
            {fieldValue(spec)}
          </Labeled>
        ) : null,
      )}
    </SimpleForm>
  );
}
