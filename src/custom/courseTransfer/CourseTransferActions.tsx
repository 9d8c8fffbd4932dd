import { Box } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { FunnelButton } from '../learningReports/FunnelButton';
import { ExportCourseButton } from './ExportCourseButton';
import { RerunCourseButton } from './RerunCourseButton';

/** A course's "Nouvelle session" and "Exporter", on its page and its outline, and the way to its funnel. */
export function CourseTransferActions({ record }: { record?: RaRecord }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <RerunCourseButton record={record} />
      <ExportCourseButton record={record} />
      <FunnelButton record={record} />
    </Box>
  );
}
