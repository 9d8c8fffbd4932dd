import { Accordion, AccordionDetails, AccordionSummary, Alert, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Ticket } from '../../domain/records';
import type { AppDataProvider } from '../../providers/dataProvider';
import { Loader } from '../Loader';
import { TicketStatusChip } from '../tickets/TicketStatusChip';
import { TicketThread } from '../tickets/TicketThread';
import { useFormatDateTime } from '../tickets/useFormatDateTime';

/** How many of one's latest reports the account page shows. */
const SHOWN = 50;

/**
 * "Mes signalements": the session's own bug reports (`GET /api/tickets/user?type=1`), newest
 * activity first, each with its thread, so that the reporter reads support's replies (kept live).
 */
export function MyReports() {
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['tickets', 'mine'],
    queryFn: () =>
      dataProvider.getMyBugTickets({
        pagination: { page: 1, perPage: SHOWN },
        sort: { field: 'updatedAt', order: 'DESC' },
      }),
  });
  if (isPending) return <Loader size="small" />;
  if (error) return <Alert severity="error">{translate('app.report.mine_error')}</Alert>;
  const tickets = data.data as unknown as Ticket[];
  if (tickets.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.report.mine_empty')}
      </Typography>
    );
  return (
    <div>
      {tickets.map((ticket) => (
        <Accordion key={ticket.id} disableGutters data-testid="my-report">
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
              <Typography variant="subtitle2" component="span" sx={{ overflowWrap: 'anywhere' }}>
                {ticket.subject}
              </Typography>
              <TicketStatusChip status={ticket.status} />
              <Typography variant="caption" color="text.secondary" component="time" dateTime={ticket.updatedAt}>
                {formatDateTime(ticket.updatedAt)}
              </Typography>
            </Stack>
          </AccordionSummary>
          <AccordionDetails>
            <TicketThread messages={ticket.messages ?? []} ticketId={ticket.id} />
          </AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}
