import { Box, Link as MuiLink, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link, useBasename, useTranslate } from 'react-admin';
import type { LearnerCourse } from '../../domain/enrolmentPayloads';
import { sessionAllows } from '../../providers/authProvider';
import { useFormatDateTime } from '../tickets/useFormatDateTime';
import { courseLearnersPage } from './learnerPages';
import { LearnerStateChip } from './LearnerStateChip';
import { ProgressValue } from './ProgressValue';
import { useFormatDay } from './useFormatDay';

/** A learner's courses as a table: its title (to the course's learners), state, progress, chapters, dates. */
export function LearnerCourseList({ courses }: { courses: readonly LearnerCourse[] }) {
  const translate = useTranslate();
  const basename = useBasename();
  const formatDay = useFormatDay();
  const formatDateTime = useFormatDateTime();
  if (courses.length === 0)
    return <Typography color="text.secondary">{translate('app.learning.learner.no_courses')}</Typography>;
  const linked = sessionAllows('participations', 'list');
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="learner-courses">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.learning.learner.course')}</TableCell>
            <TableCell>{translate('app.learning.learners.state')}</TableCell>
            <TableCell>{translate('resources.participations.fields.progress')}</TableCell>
            <TableCell>{translate('resources.participations.fields.validatedChapters')}</TableCell>
            <TableCell>{translate('resources.participations.fields.dueAt')}</TableCell>
            <TableCell>{translate('resources.participations.fields.lastActivityAt')}</TableCell>
            <TableCell>{translate('app.learning.learner.answers_column')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {courses.map((entry) => (
            <TableRow key={String(entry.participation)}>
              <TableCell sx={{ minWidth: 160 }}>
                {linked ? (
                  <MuiLink component={Link} to={`${basename}${courseLearnersPage(entry.course.id)}`}>
                    {entry.course.title}
                  </MuiLink>
                ) : (
                  entry.course.title
                )}
              </TableCell>
              <TableCell>
                <LearnerStateChip state={entry.state} />
              </TableCell>
              <TableCell>
                <ProgressValue value={entry.progress} name={entry.course.title} />
              </TableCell>
              <TableCell>
                {translate('app.learning.learner.chapters_of', {
                  validated: entry.validatedChapters,
                  total: entry.chapterTotal,
                })}
              </TableCell>
              <TableCell>{formatDay(entry.dueAt) || translate('app.learning.no_due')}</TableCell>
              <TableCell>{formatDateTime(entry.lastActivityAt) || '—'}</TableCell>
              <TableCell>{entry.answersWaiting}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
