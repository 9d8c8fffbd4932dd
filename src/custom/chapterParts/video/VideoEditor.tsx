import { useState } from 'react';
import { FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { DocumentInput } from '../shared/DocumentInput';

type Origin = 'document' | 'url';

// The video types the server takes (server/storage/sniff.ts).
const VIDEO_TYPES = ['video/mp4', 'video/webm'];

/** A video is a document or an address, never both (API.md): choosing one clears the other. */
export function VideoEditor() {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const [origin, setOrigin] = useState<Origin>(() => (getValues('content.url') ? 'url' : 'document'));
  const choose = (next: Origin) => {
    setOrigin(next);
    setValue(
      'content',
      next === 'url' ? { url: getValues('content.url') ?? '' } : { document: getValues('content.document') ?? null },
      { shouldDirty: true },
    );
  };
  return (
    <>
      <RadioGroup
        row
        value={origin}
        onChange={(_, value) => choose(value as Origin)}
        aria-label={translate('app.parts.fields.video_origin')}
      >
        <FormControlLabel value="document" control={<Radio />} label={translate('app.parts.video.document')} />
        <FormControlLabel value="url" control={<Radio />} label={translate('app.parts.video.url')} />
      </RadioGroup>
      {origin === 'document' ? (
        <DocumentInput source="content.document" accept="video/*" mimeTypes={VIDEO_TYPES} />
      ) : (
        <TextInput source="content.url" label="app.parts.fields.url" type="url" fullWidth />
      )}
    </>
  );
}
