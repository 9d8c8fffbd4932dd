import { Card, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { EnrolButton } from '../enrolment/EnrolButton';

/** A course nobody is enrolled in yet: said so, with the way to enrol some. */
export function LearnersEmpty({ course }: { course: RaRecord }) {
  const translate = useTranslate();
  return (
    <Card sx={{ p: 3, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
      <Typography>{translate('app.learning.learners.empty')}</Typography>
      <EnrolButton course={course} variant="outlined" />
    </Card>
  );
}
