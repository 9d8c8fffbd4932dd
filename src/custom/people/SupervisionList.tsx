import { Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useGetList, useNotify, useTranslate, useUpdate, type Identifier, type RaRecord } from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';
import { Loader } from '../Loader';
import { useFormatDateTime } from '../tickets/useFormatDateTime';
import { SupervisionAdd } from './SupervisionAdd';
import { fullName, useRecordsById } from './useNames';

const isRunning = (supervision: RaRecord) =>
  !supervision.endsAt || new Date(supervision.endsAt as string).getTime() > Date.now();

/**
 * A user's supervisions from one side: the learners they supervise, or their supervisors,
 * each with its course and dates; support staff add one and end a running one (its end set to now).
 */
export function SupervisionList({ userId, as }: { userId: Identifier; as: 'supervisor' | 'learner' }) {
  const translate = useTranslate();
  const notify = useNotify();
  const formatDateTime = useFormatDateTime();
  const [update, { isPending: ending }] = useUpdate();
  const { data = [], isPending } = useGetList('user-supervisions', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'startsAt', order: 'DESC' },
    filter: { [as]: userId },
  });
  const otherSide = as === 'supervisor' ? 'learner' : 'supervisor';
  const people = useRecordsById(
    'users',
    data.map((supervision) => supervision[otherSide]),
  );
  const courses = useRecordsById(
    'courses',
    data.map((supervision) => supervision.course),
  );
  if (isPending) return <Loader size="small" />;

  const end = (supervision: RaRecord) =>
    update(
      'user-supervisions',
      {
        id: supervision.id,
        data: { endsAt: new Date().toISOString(), updatedAt: supervision.updatedAt },
        previousData: supervision,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('app.people.supervisions.ended', { type: 'success' }),
        onError: (error) => notify((error as Error).message || 'ra.notification.http_error', { type: 'error' }),
      },
    );

  return (
    <Stack spacing={1}>
      <Typography component="h4" variant="subtitle2">
        {translate(
          as === 'supervisor' ? 'app.people.supervisions.as_supervisor' : 'app.people.supervisions.as_learner',
        )}
      </Typography>
      {data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.people.supervisions.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {data.map((supervision) => {
            const course = supervision.course ? courses.get(String(supervision.course)) : undefined;
            const dates = [
              supervision.startsAt
                ? translate('app.people.supervisions.from', { date: formatDateTime(supervision.startsAt as string) })
                : '',
              supervision.endsAt
                ? translate('app.people.supervisions.until', { date: formatDateTime(supervision.endsAt as string) })
                : '',
            ]
              .filter(Boolean)
              .join(' ');
            return (
              <ListItem
                key={supervision.id}
                disableGutters
                secondaryAction={
                  isRunning(supervision) && sessionAllows('user-supervisions', 'edit') ? (
                    <Button size="small" onClick={() => end(supervision)} disabled={ending}>
                      {translate('app.people.supervisions.end')}
                    </Button>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={fullName(people.get(String(supervision[otherSide])))}
                  secondary={[course?.title, dates].filter(Boolean).join(' · ')}
                  sx={{ pr: 10, overflowWrap: 'anywhere' }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {sessionAllows('user-supervisions', 'create') && <SupervisionAdd userId={userId} as={as} />}
    </Stack>
  );
}
