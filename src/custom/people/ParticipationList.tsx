import { Box, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useGetList, useTranslate, type Identifier } from 'react-admin';
import { Loader } from '../Loader';
import { useRecordsById } from './useNames';

/** The courses a user takes part in, each with its status and progress. */
export function ParticipationList({ userId }: { userId: Identifier }) {
  const translate = useTranslate();
  const { data = [], isPending } = useGetList('participations', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'createdAt', order: 'DESC' },
    filter: { user: userId },
  });
  const courses = useRecordsById(
    'courses',
    data.map((participation) => participation.course),
  );
  if (isPending) return <Loader size="small" />;
  if (data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.people.participations.none')}
      </Typography>
    );
  return (
    <List dense disablePadding data-testid="participations">
      {data.map((participation) => {
        const progress = Number(participation.progress ?? 0);
        const title = courses.get(String(participation.course))?.title ?? '…';
        return (
          <ListItem key={participation.id} disableGutters sx={{ display: 'block' }}>
            <ListItemText
              primary={title}
              secondary={`${translate(`choices.participationStatus.${participation.status}`, { _: String(participation.status) })} · ${progress} %`}
              sx={{ overflowWrap: 'anywhere' }}
            />
            <Box sx={{ maxWidth: 360 }}>
              <LinearProgress
                variant="determinate"
                value={progress}
                aria-label={translate('app.people.participations.progress', { title })}
              />
            </Box>
          </ListItem>
        );
      })}
    </List>
  );
}
