import { useLiveCheck } from '../shared/useLiveCheck';
import { ArrayInput, SimpleFormIterator, TextInput } from 'react-admin';

/** Rows of label + address; the iterator's arrows reorder them (with the keyboard too). */
export function LinksEditor() {
  useLiveCheck('content.links');
  return (
    <ArrayInput source="content.links" label="app.parts.fields.links">
      <SimpleFormIterator inline fullWidth>
        <TextInput source="label" label="app.parts.fields.label" helperText={false} />
        <TextInput source="url" label="app.parts.fields.url" type="url" helperText={false} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
