import { TextInput } from 'react-admin';

/** Any form of a YouTube address: the check (shared with the server) derives the id or refuses it in place. */
export function VideoYoutubeEditor() {
  return (
    <TextInput
      source="content.url"
      label="app.parts.fields.youtube_url"
      helperText="app.parts.help.youtube_url"
      type="url"
      fullWidth
    />
  );
}
