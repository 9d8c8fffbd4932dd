import { useLiveCheck } from './useLiveCheck';
import { ArrayInput, BooleanInput, SimpleFormIterator, TextInput } from 'react-admin';
import { QuestionInput } from './QuestionInput';

/**
 * A choice question: the options with their "correct" switch; the iterator adds, removes and reorders.
 * How many may be correct is the shared check's (exactly one / at least one), shown under the options.
 */
export function OptionsEditor() {
  useLiveCheck('content.options');
  return (
    <>
      <QuestionInput />
      <ArrayInput source="content.options" label="app.parts.fields.options">
        <SimpleFormIterator inline fullWidth>
          <TextInput source="label" label="app.parts.fields.option_label" helperText={false} />
          <BooleanInput source="correct" label="app.parts.fields.correct" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
