import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Ticket } from '../../domain/records';
import { useMinuteClock } from './useMinuteClock';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "35 min", "2 h", "3 j": minutes under an hour, hours under two days, rounded to the nearest. */
export function useDuration(): (ms: number) => string {
  const translate = useTranslate();
  return (ms) => {
    const span = Math.abs(ms);
    if (span >= 2 * DAY) return translate('app.tickets.due.days', { smart_count: Math.round(span / DAY) });
    if (span >= HOUR - MINUTE / 2)
      return translate('app.tickets.due.hours', { smart_count: Math.max(1, Math.round(span / HOUR)) });
    return translate('app.tickets.due.minutes', { smart_count: Math.max(1, Math.round(span / MINUTE)) });
  };
}

/**
 * The ticket's running target, live: "Réponse due dans 2 h" until support's first reply, then "Résolution
 * due dans 3 j", "En retard de 35 min" once past; nothing when the ticket waits for no one. Refreshed each
 * minute; the due date itself is the server's.
 */
export function TicketDueBadge({ ticket }: { ticket?: Pick<Ticket, 'dueAt' | 'firstRepliedAt'> }) {
  const translate = useTranslate();
  const record = useRecordContext<Ticket>();
  const now = useMinuteClock();
  const duration = useDuration();
  const shown = ticket ?? record;
  if (!shown?.dueAt) return null;
  const left = Date.parse(shown.dueAt) - now;
  const late = left <= 0;
  const label = late
    ? translate('app.tickets.due.late', { duration: duration(left) })
    : translate(shown.firstRepliedAt ? 'app.tickets.due.resolution' : 'app.tickets.due.reply', {
        duration: duration(left),
      });
  return (
    <Chip
      size="small"
      label={label}
      data-testid="ticket-due"
      data-late={late}
      color={late ? 'error' : 'default'}
      variant={late ? 'filled' : 'outlined'}
      sx={{ whiteSpace: 'nowrap' }}
    />
  );
}

/** The list's column: the badge of the row's ticket. */
export const TicketDueColumn = () => <TicketDueBadge />;
