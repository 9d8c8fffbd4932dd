import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The question as the learner reads it, above their answer. */
export function QuestionTitle({ question, id }: { question: string; id?: string }) {
  const translate = useTranslate();
  return (
    <Typography
      id={id}
      sx={{ fontWeight: 500, mb: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      color={question ? undefined : 'text.secondary'}
    >
      {question || translate('app.parts.preview.no_question')}
    </Typography>
  );
}
