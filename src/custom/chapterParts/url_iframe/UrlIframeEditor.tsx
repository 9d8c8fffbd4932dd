import { NumberInput } from 'react-admin';
import { MAX_IFRAME_HEIGHT } from '../../../domain/chapterPartContent';
import { HttpsUrlInput } from '../shared/HttpsUrlInput';

export function UrlIframeEditor() {
  return (
    <>
      <HttpsUrlInput />
      <NumberInput source="content.height" label="app.parts.fields.height" min={50} max={MAX_IFRAME_HEIGHT} step={10} />
    </>
  );
}
