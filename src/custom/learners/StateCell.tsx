import { Chip, Stack } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import type { LearnerState } from '../../domain/learning';
import { LearnerStateChip } from './LearnerStateChip';

/** Where the learner stands, and that they were unenrolled when the list shows those too. */
export function StateCell({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <LearnerStateChip state={record.state as LearnerState | undefined} />
      {record.unenrolledAt ? (
        <Chip size="small" variant="outlined" label={translate('app.learning.learners.unenrolled_chip')} />
      ) : null}
    </Stack>
  );
}
