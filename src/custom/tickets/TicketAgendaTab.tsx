import { Alert, Box, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { TicketAgendaEntry } from '../../providers/actions';
import type { AppDataProvider } from '../../providers/dataProvider';
import { Loader } from '../Loader';
import type { SidePanelTabProps } from '../sidePanel';
import { FollowUpField } from './FollowUpField';
import { useFormatDateTime } from './useFormatDateTime';

/** The line an entry of the timeline reads as. */
function useEntryTitle() {
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  const status = (value: string | null) => (value ? translate(`choices.ticketStatus.${value}`) : '');
  return (entry: TicketAgendaEntry) => {
    switch (entry.kind) {
      case 'status':
        return translate('app.tickets.agenda.status', {
          previous: status(entry.previous),
          status: status(entry.status),
        });
      case 'follow_up':
        return entry.status
          ? translate('app.tickets.agenda.follow_up_set', { date: formatDateTime(entry.status) })
          : translate('app.tickets.agenda.follow_up_cleared');
      case 'notification':
        return translate(
          entry.status === 'failed' ? 'app.tickets.agenda.notification_failed' : 'app.tickets.agenda.notification',
        );
      default:
        return translate(`app.tickets.agenda.${entry.kind}`);
    }
  };
}

/**
 * The `agenda` sub-tab: the follow-up date, then the ticket's timeline, newest first (opened, messages,
 * status changes, internal notes, notifications sent), each with who and when.
 */
export function TicketAgendaTab({ id }: SidePanelTabProps) {
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  const title = useEntryTitle();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['tickets', 'agenda', String(id)],
    queryFn: () => dataProvider.getTicketAgenda({ id }),
  });
  return (
    <Stack spacing={2} sx={{ p: 1 }}>
      <FollowUpField id={id} />
      {isPending ? (
        <Loader size="small" />
      ) : error ? (
        <Alert severity="error">{translate('app.tickets.load_error')}</Alert>
      ) : data.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.tickets.agenda.empty')}
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-label={translate('app.tickets.agenda.timeline')}
          sx={{ listStyle: 'none', m: 0, p: 0, borderLeft: 2, borderColor: 'divider' }}
        >
          {data.data.map((entry) => (
            <Box
              component="li"
              key={`${entry.kind}-${entry.id}`}
              data-testid="agenda-entry"
              data-kind={entry.kind}
              sx={{ pl: 2, pb: 1.5 }}
            >
              <Typography variant="subtitle2" component="p">
                {title(entry)}
              </Typography>
              <Typography variant="caption" component="p" color="text.secondary">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {entry.actor ? ` · ${translate('app.tickets.agenda.by', { name: entry.actor.name })}` : ''}
              </Typography>
              {entry.text && entry.kind !== 'opened' && (
                <Typography
                  variant="body2"
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'text.secondary' }}
                >
                  {entry.text}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
