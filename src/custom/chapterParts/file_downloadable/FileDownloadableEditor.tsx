import { TextInput } from 'react-admin';
import { DocumentInput } from '../shared/DocumentInput';

export function FileDownloadableEditor() {
  return (
    <>
      <DocumentInput source="content.document" />
      <TextInput source="content.label" label="app.parts.fields.label" fullWidth />
    </>
  );
}
