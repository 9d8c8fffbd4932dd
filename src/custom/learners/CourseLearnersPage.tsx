import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { Alert, Box, Card, Link as MuiLink, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Link, ListBase, Pagination, Title, useBasename, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';
import { LIST_PER_PAGE } from '../crud/fieldSpec';
import { ExportListButton } from '../crud/ExportListButton';
import { EnrolButton } from '../enrolment/EnrolButton';
import { Loader } from '../Loader';
import { outlinePage } from '../outline/outlinePage';
import { LearnerLines } from './LearnerLines';
import { LearnersBody } from './LearnersBody';
import { LearnersEmpty } from './LearnersEmpty';
import { LearnersFilters } from './LearnersFilters';
import { LearnersTable } from './LearnersTable';
import './messages';

/**
 * A course's « Apprenants »: its participations (`GET /api/participations?course=…`), soonest due date
 * first, with each learner's state, progress, last activity and due date; narrowed by state, search and
 * due dates (all in the address, so that the reports and the home page link to the late ones), exported
 * with the same filters as the server writes the list, and a way to enrol more.
 */
export function CourseLearnersPage() {
  const translate = useTranslate();
  const basename = useBasename();
  const courseId = Number(useParams().id);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const { data: course, error } = useGetOne<RaRecord>('courses', { id: courseId }, { enabled: courseId > 0 });
  // The course is the list's for good: in every request and in the export, never in the filters shown.
  const filter = useMemo(() => ({ course: courseId }), [courseId]);
  if (!sessionAllows('participations', 'list')) return <Navigate to={`${basename}/access-denied`} replace />;
  if ((error as { status?: number } | null)?.status === 404 || !(courseId > 0))
    return (
      <Alert severity="warning" sx={{ my: 2 }}>
        {translate('app.learning.learners.course_not_found')}
      </Alert>
    );
  const title = String(course?.title ?? '');
  return (
    <ListBase
      resource="participations"
      filter={filter}
      sort={{ field: 'dueAt', order: 'ASC' }}
      perPage={LIST_PER_PAGE}
      storeKey={`courses.${courseId}.learners`}
      disableAuthentication
    >
      <Title title={course ? translate('app.learning.learners.page_title', { title }) : ' '} />
      <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 2, minWidth: 0 }}>
        <MuiLink component={Link} to={outlinePage(courseId)}>
          {translate('app.learning.learners.back')}
        </MuiLink>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {course ? translate('app.learning.learners.heading', { title }) : <Loader size="small" />}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {course && <EnrolButton course={course} variant="contained" />}
            <ExportListButton filter={filter} />
          </Box>
        </Box>
        <LearnersBody empty={course ? <LearnersEmpty course={course} /> : null}>
          <LearnersFilters />
          <Card sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}>
            {phone ? <LearnerLines /> : <LearnersTable />}
          </Card>
          <Pagination />
        </LearnersBody>
      </Box>
    </ListBase>
  );
}
