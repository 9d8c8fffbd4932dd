import { Navigate, useParams } from 'react-router-dom';
import { Alert, Box, Card, CardContent, Link as MuiLink, Typography } from '@mui/material';
import { Link, Title, useBasename, useCreatePath, useTranslate } from 'react-admin';
import { sessionAllows, sessionAllowsAll } from '../../providers/authProvider';
import { Loader } from '../Loader';
import { AnswersWaitingList } from './AnswersWaitingList';
import { LearnerCourseList } from './LearnerCourseList';
import { useLearnerView } from './useLearnerView';
import './messages';

/**
 * One learner's learning (the app bar's title is the page's first heading): every course they are enrolled in, with its progress, state, due date and
 * chapters validated, and their answers waiting for a review, each opening its review.
 */
export function LearnerPage() {
  const translate = useTranslate();
  const basename = useBasename();
  const createPath = useCreatePath();
  const userId = useParams().userId ?? '';
  const { data, error, isPending } = useLearnerView(userId);
  if (!sessionAllows('participations', 'list')) return <Navigate to={`${basename}/access-denied`} replace />;
  if (isPending) return <Loader />;
  if (error || !data)
    return (
      <>
        <Title title={translate('app.learning.learner.title')} />
        <Alert severity={(error as { status?: number } | null)?.status === 404 ? 'warning' : 'error'} sx={{ my: 2 }}>
          {translate(
            (error as { status?: number } | null)?.status === 404
              ? 'app.learning.learner.not_found'
              : 'app.learning.learner.load_error',
          )}
        </Alert>
      </>
    );
  const { learner } = data;
  const name = learner.name || learner.email;
  return (
    <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 2, minWidth: 0 }}>
      <Title title={translate('app.learning.learner.page_title', { name })} />
      <Box>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {learner.email}
        </Typography>
        {/* A supervisor reads their learners' progress, not their accounts. */}
        {sessionAllowsAll('users', 'show') && (
          <MuiLink component={Link} to={createPath({ resource: 'users', id: learner.id, type: 'show' })}>
            {translate('app.learning.learner.open_user')}
          </MuiLink>
        )}
      </Box>
      <Card component="section" aria-labelledby="learner-courses">
        <CardContent>
          <Typography id="learner-courses" variant="h6" component="h3" gutterBottom>
            {translate('app.learning.learner.courses', { smart_count: data.courses.length })}
          </Typography>
          <LearnerCourseList courses={data.courses} />
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="learner-answers">
        <CardContent>
          <Typography id="learner-answers" variant="h6" component="h3" gutterBottom>
            {translate('app.learning.learner.answers', { smart_count: data.answersWaiting.length })}
          </Typography>
          <AnswersWaitingList answers={data.answersWaiting} />
        </CardContent>
      </Card>
    </Box>
  );
}
