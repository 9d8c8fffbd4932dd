import { IconButton, Stack, TextField, Tooltip } from '@mui/material';
import ClearIcon from '@mui/icons-material/Clear';
import { useGetOne, useNotify, useTranslate, useUpdate, type Identifier } from 'react-admin';
import type { Ticket } from '../../domain/records';

/** The follow-up time kept for a date picked: mid-morning, in the agent's own time zone. */
const FOLLOW_UP_HOUR = 9;

const pad = (value: number) => String(value).padStart(2, '0');
/** `YYYY-MM-DD` of a date in the browser's time zone, as a date input reads it. */
const dayOf = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** "À relancer le": the date support means to come back to the ticket, set or cleared with the generic PUT. */
export function FollowUpField({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data } = useGetOne('tickets', { id });
  const ticket = data as Ticket | undefined;
  const [update, { isPending }] = useUpdate();

  function save(day: string) {
    if (!ticket) return;
    let followUpAt: string | null = null;
    if (day) {
      const [year, month, date] = day.split('-').map(Number);
      followUpAt = new Date(year, month - 1, date, FOLLOW_UP_HOUR).toISOString();
    }
    update(
      'tickets',
      { id, data: { followUpAt }, previousData: ticket },
      {
        onSuccess: () => notify('app.tickets.agenda.follow_up_saved', { type: 'success' }),
        onError: () => notify('app.tickets.send_error', { type: 'error' }),
      },
    );
  }

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        type="date"
        label={translate('app.tickets.agenda.follow_up')}
        value={dayOf(ticket?.followUpAt ?? null)}
        onChange={(event) => save(event.target.value)}
        disabled={!ticket || isPending}
        size="small"
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'follow-up-input' } }}
      />
      {ticket?.followUpAt && (
        <Tooltip title={translate('app.tickets.agenda.clear_follow_up')}>
          <IconButton
            aria-label={translate('app.tickets.agenda.clear_follow_up')}
            onClick={() => save('')}
            disabled={isPending}
            size="small"
          >
            <ClearIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
