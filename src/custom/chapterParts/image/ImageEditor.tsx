import { TextInput } from 'react-admin';
import { DocumentInput } from '../shared/DocumentInput';

// The image types the server takes (server/storage/sniff.ts): the picker offers only those documents.
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export function ImageEditor() {
  return (
    <>
      <DocumentInput source="content.document" accept="image/*" mimeTypes={IMAGE_TYPES} />
      <TextInput source="content.alt" label="app.parts.fields.alt" helperText="app.parts.help.alt" fullWidth />
    </>
  );
}
