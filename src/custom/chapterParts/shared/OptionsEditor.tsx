import { useLiveCheck } from './useLiveCheck';
import { ArrayInput, BooleanInput, TextInput } from 'react-admin';
import { QuestionInput } from './QuestionInput';
import { SortableIterator } from './SortableIterator';

const newOption = () => ({ label: '', correct: false });

/**
 * A choice question: the options with their "correct" switch, added, removed and reordered by
 * drag-and-drop. How many may be correct is the shared check's (exactly one / at least one), shown
 * under the options as you type.
 */
export function OptionsEditor() {
  useLiveCheck('content.options');
  return (
    <>
      <QuestionInput />
      <ArrayInput source="content.options" label="app.parts.fields.options">
        <SortableIterator newItem={newOption}>
          <TextInput source="label" label="app.parts.fields.option_label" helperText={false} />
          <BooleanInput source="correct" label="app.parts.fields.correct" helperText={false} />
        </SortableIterator>
      </ArrayInput>
    </>
  );
}
