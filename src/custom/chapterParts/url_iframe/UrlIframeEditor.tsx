import { NumberInput, TextInput } from 'react-admin';
import { MAX_IFRAME_HEIGHT } from '../../../domain/chapterPartContent';

export function UrlIframeEditor() {
  return (
    <>
      <TextInput
        source="content.url"
        label="app.parts.fields.url"
        helperText="app.parts.help.https"
        type="url"
        fullWidth
      />
      <NumberInput source="content.height" label="app.parts.fields.height" min={50} max={MAX_IFRAME_HEIGHT} step={10} />
    </>
  );
}
