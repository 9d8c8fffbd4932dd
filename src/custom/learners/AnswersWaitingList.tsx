import { Link as MuiLink, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link, useCreatePath, useTranslate } from 'react-admin';
import type { AnswerWaiting } from '../../domain/enrolmentPayloads';
import { sessionAllows } from '../../providers/authProvider';
import { useFormatDateTime } from '../tickets/useFormatDateTime';

/** A learner's answers waiting for a review, oldest first as they come, each opening its review screen. */
export function AnswersWaitingList({ answers }: { answers: readonly AnswerWaiting[] }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const formatDateTime = useFormatDateTime();
  if (answers.length === 0)
    return <Typography color="text.secondary">{translate('app.learning.learner.no_answers')}</Typography>;
  // Reviewing an answer is its edit screen (src/resources/chapter-part-responses).
  const reviews = sessionAllows('chapter-part-responses', 'edit');
  return (
    <List dense disablePadding data-testid="answers-waiting">
      {answers.map((answer) => {
        const part = answer.part.title || translate('app.learning.learner.untitled_part');
        return (
          <ListItem key={answer.id} disableGutters>
            <ListItemText
              primary={
                reviews ? (
                  <MuiLink
                    component={Link}
                    to={createPath({ resource: 'chapter-part-responses', id: answer.id, type: 'edit' })}
                    aria-label={translate('app.learning.learner.review_named', { part })}
                  >
                    {part}
                  </MuiLink>
                ) : (
                  part
                )
              }
              secondary={translate('app.learning.learner.answer_line', {
                course: answer.course.title,
                at: formatDateTime(answer.submittedAt),
              })}
              sx={{ overflowWrap: 'anywhere' }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
