import { Alert, AlertTitle, Button } from '@mui/material';
import { useGetOne, useTranslate, type Identifier } from 'react-admin';
import type { TicketPriority } from '../../domain/helpdesk';
import { idOfIri } from '../../domain/relations';
import type { TicketStatus } from '../../domain/statuses';

/** A canned reply as the reply box knows it: its words, and what it sets on the ticket when sent (a macro). */
export interface CannedReplyChoice {
  id: Identifier;
  title: string;
  shortcut: string;
  status?: TicketStatus | null;
  priority?: TicketPriority | null;
  /** Who it assigns the ticket to (an IRI, or its id once the data provider read it). */
  assignee?: string | number | null;
  followUpDays?: number | null;
}

/** Whether a canned reply sets anything beyond its text. */
export const isMacro = (reply: CannedReplyChoice): boolean =>
  Boolean(reply.status || reply.priority || reply.assignee || reply.followUpDays);

/**
 * What the chosen macro will set when the reply goes, in words (never a code): its status, priority, assignee
 * by name and follow-up delay. "Retirer" sends the text alone.
 */
export function MacroSummary({ macro, onRemove }: { macro: CannedReplyChoice; onRemove: () => void }) {
  const translate = useTranslate();
  const assignee = typeof macro.assignee === 'number' ? macro.assignee : idOfIri(macro.assignee);
  const { data: user } = useGetOne('users', { id: assignee ?? 0 }, { enabled: assignee !== undefined });
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : undefined;
  const sets = [
    macro.status && translate('app.tickets.macro.status', { value: translate(`choices.ticketStatus.${macro.status}`) }),
    macro.priority &&
      translate('app.tickets.macro.priority', { value: translate(`choices.ticketPriority.${macro.priority}`) }),
    assignee !== undefined && translate('app.tickets.macro.assignee', { name: name ?? '…' }),
    macro.followUpDays && translate('app.tickets.macro.follow_up', { smart_count: macro.followUpDays }),
  ].filter(Boolean);
  return (
    <Alert
      severity="info"
      data-testid="macro-summary"
      action={
        <Button color="inherit" size="small" onClick={onRemove}>
          {translate('app.tickets.macro.remove')}
        </Button>
      }
    >
      <AlertTitle>{translate('app.tickets.macro.title', { title: macro.title })}</AlertTitle>
      {translate('app.tickets.macro.sets', { sets: sets.join(' · ') })}
    </Alert>
  );
}
