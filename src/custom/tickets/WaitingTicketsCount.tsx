import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWaitingTicketsCount } from './useWaitingTicketsCount';

/**
 * The number of support tickets waiting for an answer, beside the tickets' menu entry: the same figure as
 * the home page's « En attente de réponse », under the same words.
 */
export function WaitingTicketsCount() {
  const translate = useTranslate();
  const total = useWaitingTicketsCount();
  if (!total) return null;
  const label = translate('app.tickets.waiting_count', { smart_count: total });
  return (
    <Chip
      component="span"
      size="small"
      label={total}
      title={label}
      aria-label={label}
      data-testid="waiting-tickets"
      sx={{ ml: 1, height: 20, bgcolor: '#b3560a', color: '#fff', fontWeight: 600 }}
    />
  );
}
