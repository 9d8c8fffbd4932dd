import type { ChangeEvent } from 'react';
import { ArrayInput, BooleanInput, TextInput, useSourceContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useLiveCheck } from './useLiveCheck';
import { QuestionInput } from './QuestionInput';
import { SortableIterator } from './SortableIterator';

const OPTIONS = 'content.options';
const newOption = () => ({ label: '', correct: false });

/**
 * An option's "correct" switch. When only one option may be correct, marking one unmarks the others, as a
 * radio group would: the author picks the right answer, they never have to undo the previous one first.
 */
function CorrectInput({ single }: { single: boolean }) {
  const { getValues, setValue } = useFormContext();
  const own = useSourceContext().getSource('correct');
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (!single || !event.target.checked) return;
    const options = (getValues(OPTIONS) as { correct?: boolean }[] | undefined) ?? [];
    options.forEach((option, index) => {
      const source = `${OPTIONS}.${index}.correct`;
      if (source !== own && option.correct) setValue(source, false, { shouldDirty: true, shouldTouch: true });
    });
  };
  return <BooleanInput source="correct" label="app.parts.fields.correct" helperText={false} onChange={onChange} />;
}

/**
 * A choice question: the options with their "correct" switch, added, removed and reordered by
 * drag-and-drop. How many may be correct is the shared check's (exactly one / at least one), shown
 * under the options as you type; with exactly one, the switches behave as one choice.
 */
export function OptionsEditor({ single }: { single: boolean }) {
  useLiveCheck(OPTIONS);
  return (
    <>
      <QuestionInput />
      <ArrayInput source={OPTIONS} label="app.parts.fields.options">
        <SortableIterator newItem={newOption}>
          <TextInput source="label" label="app.parts.fields.option_label" helperText={false} />
          <CorrectInput single={single} />
        </SortableIterator>
      </ArrayInput>
    </>
  );
}
