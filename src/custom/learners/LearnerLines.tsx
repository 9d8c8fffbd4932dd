import { Box, Divider, List, ListItem, Typography } from '@mui/material';
import { RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import { LearnerCell } from './LearnerCell';
import { learnerNameOf } from './learnerOf';
import { StateCell } from './StateCell';
import { ParticipationActions } from './ParticipationActions';
import { ProgressValue } from './ProgressValue';
import { useFormatDay } from './useFormatDay';

/**
 * A course's learners on a phone: one block each (name and e-mail, state, progress, due date, actions)
 * instead of the table, whose columns would run off the screen.
 */
export function LearnerLines() {
  const translate = useTranslate();
  const formatDay = useFormatDay();
  const { data = [] } = useListContext();
  if (data.length === 0)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate('ra.navigation.no_results', { name: translate('app.learning.learners.title_short') })}
      </Typography>
    );
  return (
    <List disablePadding data-testid="learner-lines">
      {data.map((record, index) => (
        <RecordContextProvider key={record.id} value={record}>
          {index > 0 && <Divider component="li" />}
          <ListItem sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
            <LearnerCell />
            <StateCell record={record} />
            <ProgressValue value={record.progress as number} name={learnerNameOf(record)} />
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {record.dueAt
                  ? translate('app.learning.learners.due_line', { due: formatDay(record.dueAt as string) })
                  : translate('app.learning.no_due')}
              </Typography>
              <ParticipationActions />
            </Box>
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
}
