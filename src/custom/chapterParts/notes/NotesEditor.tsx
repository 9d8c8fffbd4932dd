import { TextInput } from 'react-admin';

export function NotesEditor() {
  return <TextInput source="content.text" label="app.parts.fields.text" multiline minRows={4} fullWidth />;
}
