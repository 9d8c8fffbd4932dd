import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { Loader } from '../Loader';
import type { SidePanelTabProps } from '../sidePanel';
import { TicketEntryList } from './TicketEntryList';
import { useFormatDateTime } from './useFormatDateTime';

/**
 * The `notifications` sub-tab: every message sent to the ticket's author about it (a reply, a treatment, a
 * closing), newest first, with its template, channel, address and subject, and why it failed if it did.
 */
export function TicketNotificationsTab({ id }: SidePanelTabProps) {
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['tickets', 'notifications', String(id)],
    queryFn: () => dataProvider.getTicketNotifications({ id }),
  });
  if (isPending) return <Loader size="small" />;
  if (error) return <Alert severity="error">{translate('app.tickets.load_error')}</Alert>;
  return (
    <TicketEntryList
      items={data.data}
      label="app.tickets.notifications.list"
      empty="app.tickets.notifications.empty"
      padding={1}
    >
      {(notification) => (
        <Paper component="li" variant="outlined" data-testid="ticket-notification" sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography
              variant="subtitle2"
              component="span"
              color={notification.status === 'sent' ? 'success.dark' : 'error.main'}
            >
              {translate(`app.tickets.notifications.${notification.status}`)}
            </Typography>
            <Typography variant="caption" component="time" dateTime={notification.createdAt} color="text.secondary">
              {formatDateTime(notification.createdAt)}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {notification.subject}
          </Typography>
          <Typography variant="caption" component="p" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {translate('app.tickets.notifications.to', { to: notification.to ?? '—' })} ·{' '}
            {translate('app.tickets.notifications.template', {
              // Words, never codes: the template's name, the channel as the templates' list says it.
              template: notification.templateName ?? translate('app.tickets.notifications.template_gone'),
              channel: translate(`choices.channel.${notification.channel}`, { _: notification.channel }),
            })}
          </Typography>
          {notification.error && (
            <Typography variant="caption" component="p" color="error.main">
              {translate('app.tickets.notifications.reason', { error: notification.error })}
            </Typography>
          )}
        </Paper>
      )}
    </TicketEntryList>
  );
}
