import { Box, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useBasename, useRecordContext, useTranslate } from 'react-admin';
import { learnerPage } from './learnerPages';
import { learnerOf } from './learnerOf';

/** A participation's learner: their name, the way to their courses, and their e-mail address below. */
export function LearnerCell() {
  const translate = useTranslate();
  const basename = useBasename();
  const learner = learnerOf(useRecordContext());
  if (!learner) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <MuiLink
        component={Link}
        to={`${basename}${learnerPage(learner.id)}`}
        aria-label={translate('app.learning.learners.open_learner', { name: learner.name || learner.email })}
        onClick={(event) => event.stopPropagation()}
      >
        {learner.name || learner.email}
      </MuiLink>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {learner.email}
      </Typography>
    </Box>
  );
}
