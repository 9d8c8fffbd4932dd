import { Typography } from '@mui/material';
import { useTranslate, type Identifier } from 'react-admin';
import { usePresenceNames } from './presenceNames';
import { usePresentOthers } from './useTicketPresence';

/**
 * "Claire Moreau rédige une réponse…" above the reply box while a colleague types on the same ticket. The
 * line is always there (empty when no one types) so that screen readers announce it when it fills.
 */
export function TicketTypingLine({ ticketId }: { ticketId: Identifier }) {
  const translate = useTranslate();
  const names = usePresenceNames();
  const { typing } = usePresentOthers(ticketId);
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      role="status"
      data-testid="ticket-typing"
      sx={{ minHeight: '1.5em', fontStyle: 'italic' }}
    >
      {typing.length > 0 && translate('app.presence.typing', { names: names(typing), smart_count: typing.length })}
    </Typography>
  );
}
