import { Button } from '@mui/material';
import TimelineIcon from '@mui/icons-material/Timeline';
import { Link } from 'react-router-dom';
import { useBasename, useTranslate, type Identifier } from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';
import { learnerPage } from './learnerPages';

/** On a user's page, under their courses: the way to their learner's view (progress, validations, answers). */
export function LearnerFollowLink({ user, name }: { user: Identifier; name: string }) {
  const translate = useTranslate();
  const basename = useBasename();
  if (!sessionAllows('participations', 'list')) return null;
  return (
    <div>
      <Button
        component={Link}
        to={`${basename}${learnerPage(user)}`}
        size="small"
        startIcon={<TimelineIcon />}
        aria-label={translate('app.learning_link.follow_named', { name })}
      >
        {translate('app.learning_link.follow')}
      </Button>
    </div>
  );
}
