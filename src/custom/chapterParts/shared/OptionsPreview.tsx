import { useId } from 'react';
import { Checkbox, FormControlLabel, FormGroup, Radio, RadioGroup } from '@mui/material';
import { textOf, type PartPreviewProps } from '../types';
import { QuestionTitle } from './QuestionTitle';

/** The learner's choices: radio buttons for one answer, check boxes for several. */
export function OptionsPreview({ content, multiple }: PartPreviewProps & { multiple: boolean }) {
  const questionId = useId();
  const options = Array.isArray(content.options) ? (content.options as Record<string, unknown>[]) : [];
  const Group = multiple ? FormGroup : RadioGroup;
  return (
    <>
      <QuestionTitle id={questionId} question={textOf(content.question)} />
      <Group aria-labelledby={questionId} role={multiple ? 'group' : 'radiogroup'}>
        {options.map((option, index) => (
          <FormControlLabel
            key={index}
            value={index}
            control={multiple ? <Checkbox /> : <Radio />}
            label={textOf(option?.label) || '…'}
          />
        ))}
      </Group>
    </>
  );
}
