import { TextInput } from 'react-admin';

/** The address of a part that shows another site's page: the content's `url`, which must be https. */
export function HttpsUrlInput() {
  return (
    <TextInput
      source="content.url"
      label="app.parts.fields.url"
      helperText="app.parts.help.https"
      type="url"
      fullWidth
    />
  );
}
