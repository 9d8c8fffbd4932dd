import { NumberInput, SelectArrayInput } from 'react-admin';
import { useFileTypeLabel } from '../../library/fileTypeLabel';
import { QuestionInput } from '../shared/QuestionInput';
import { ACCEPTED_MIME_TYPES } from './mimeTypes';

export function InteractiveUploadEditor() {
  const typeLabel = useFileTypeLabel();
  // Offered by the names the learner will read, not by MIME type.
  const choices = ACCEPTED_MIME_TYPES.map((type) => ({ id: type, name: typeLabel(type) }));
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
