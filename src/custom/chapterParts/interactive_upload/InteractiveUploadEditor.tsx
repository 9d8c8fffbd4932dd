import { NumberInput, SelectArrayInput } from 'react-admin';
import { QuestionInput } from '../shared/QuestionInput';
import { ACCEPTED_MIME_TYPES } from './mimeTypes';

// A MIME type is its own name: nothing to translate.
const choices = ACCEPTED_MIME_TYPES.map((type) => ({ id: type, name: type }));

export function InteractiveUploadEditor() {
  return (
    <>
      <QuestionInput />
      <SelectArrayInput
        source="content.accept"
        label="app.parts.fields.accept"
        choices={choices}
        translateChoice={false}
        fullWidth
      />
      <NumberInput source="content.maxSizeMb" label="app.parts.fields.max_size_mb" min={1} />
    </>
  );
}
