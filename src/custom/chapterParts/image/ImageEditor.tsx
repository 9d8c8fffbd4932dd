import { TextInput } from 'react-admin';
import { DocumentInput } from '../shared/DocumentInput';

export function ImageEditor() {
  return (
    <>
      <DocumentInput source="content.document" accept="image/*" />
      <TextInput source="content.alt" label="app.parts.fields.alt" helperText="app.parts.help.alt" fullWidth />
    </>
  );
}
