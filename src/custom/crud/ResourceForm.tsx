import { Labeled, SimpleForm, useResourceContext } from 'react-admin';
import { useSessionStructure } from '../tenancy/useSessionStructure';
import { readableField, writableField } from './fieldRights';
import { fieldInput } from './fieldInput';
import type { ScreensConfig } from './fieldSpec';
import { fieldValue } from './fieldValue';
import { structureWritable } from './structureField';
import { StructureInput } from './StructureInput';

/**
 * The inputs of a create or edit form. What the server writes itself is left out; a field the session may
 * not write (the rights table's `fields`: a contributor's own type, roles, enabled) is shown as it is, not
 * offered as an input the server would ignore. Platform staff creating across all structures choose the
 * new record's structure; inside one, it is that one.
 */
export function ResourceForm({ config, mode }: { config: ScreensConfig; mode: 'create' | 'edit' }) {
  const resource = useResourceContext() ?? '';
  const { allStructures } = useSessionStructure();
  const fields = config.fields.filter(
    (spec) => !spec.readOnly && (mode === 'create' || !spec.createOnly) && readableField(spec),
  );
  return (
    <SimpleForm warnWhenUnsavedChanges>
      {mode === 'create' && allStructures && structureWritable(resource) && <StructureInput resource={resource} />}
      {fields.map((spec) =>
        writableField(resource, spec) ? (
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
