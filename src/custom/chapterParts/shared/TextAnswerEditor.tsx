import { NumberInput, TextInput } from 'react-admin';
import { QuestionInput } from './QuestionInput';

/** A free-text question: what it asks, the hint in the empty box, how long the answer may be. */
export function TextAnswerEditor({ limit }: { limit: number }) {
  return (
    <>
      <QuestionInput />
      <TextInput source="content.placeholder" label="app.parts.fields.placeholder" fullWidth />
      <NumberInput source="content.maxLength" label="app.parts.fields.max_length" min={1} max={limit} />
    </>
  );
}
