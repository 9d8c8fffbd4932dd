import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TicketStatus } from '../../domain/statuses';

/**
 * Each status in a colour of its own, dark enough for white text (WCAG AA, 4.5:1 at least): waiting
 * orange, treated green, canceled grey, closed blue.
 */
const COLOURS: Record<TicketStatus, string> = {
  created: '#b3560a',
  treated: '#2e7d32',
  canceled: '#616161',
  closed: '#1565c0',
};

/** A ticket's (or a message's) status as a coloured chip with its translated name. */
export function TicketStatusChip({ status }: { status: TicketStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`choices.ticketStatus.${status}`)}
      data-status={status}
      sx={{ bgcolor: COLOURS[status] ?? COLOURS.canceled, color: '#fff', fontWeight: 500 }}
    />
  );
}
