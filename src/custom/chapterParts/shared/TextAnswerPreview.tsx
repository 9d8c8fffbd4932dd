import { useId } from 'react';
import { TextField } from '@mui/material';
import { textOf, type PartPreviewProps } from '../types';
import { QuestionTitle } from './QuestionTitle';

/** The learner's answer box, as they get it (here it takes text that goes nowhere). */
export function TextAnswerPreview({ content, long }: PartPreviewProps & { long: boolean }) {
  const questionId = useId();
  const maxLength = typeof content.maxLength === 'number' ? content.maxLength : undefined;
  return (
    <>
      <QuestionTitle id={questionId} question={textOf(content.question)} />
      <TextField
        fullWidth
        multiline={long}
        minRows={long ? 4 : undefined}
        placeholder={textOf(content.placeholder)}
        slotProps={{ htmlInput: { maxLength, 'aria-labelledby': questionId } }}
        helperText={maxLength ? `≤ ${maxLength}` : undefined}
      />
    </>
  );
}
