import { useEffect } from 'react';
import { Autocomplete, Button, MenuItem, Stack, TextField } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useGetIdentity, useGetList, useNotify, useTranslate, useUpdate } from 'react-admin';
import { TICKET_PRIORITIES, type TicketPriority } from '../../domain/helpdesk';
import type { Summary, Ticket } from '../../domain/records';
import { shortcutOf } from './shortcuts';

interface Option {
  id: number;
  name: string;
}

/** How many staff members the assignee picker offers (a structure's support team). */
const STAFF_PAGE = 100;

/**
 * Who handles the ticket and how urgent it is, for support staff: the assignee (a staff member of the
 * structure; "Me l'attribuer" in one click, or `m`), and the priority. Both through the ticket's PUT:
 * the server checks who may be assigned, computes the due dates again and logs the change.
 */
export function TicketAssignment({ ticket }: { ticket: Ticket }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const [update, { isPending }] = useUpdate();
  const { data: staff = [] } = useGetList('users', {
    filter: { type: 'admin', enabled: true },
    pagination: { page: 1, perPage: STAFF_PAGE },
    sort: { field: 'lastName', order: 'ASC' },
  });
  const options: Option[] = staff.map((user) => ({
    id: Number(user.id),
    name: [user.firstName, user.lastName].filter(Boolean).join(' '),
  }));
  const current: Summary | null = ticket.assignee;
  if (current && !options.some((option) => option.id === current.id))
    options.unshift({ id: current.id, name: current.name });
  const me = identity?.id === undefined ? undefined : Number(identity.id);
  const mine = current?.id === me;

  function save(data: Partial<Pick<Ticket, 'priority'>> & { assignee?: number | null }, done: string) {
    update(
      'tickets',
      { id: ticket.id, data, previousData: ticket },
      {
        onSuccess: () => notify(done, { type: 'success' }),
        onError: (error) =>
          notify(
            (error as { body?: { violations?: { message: string }[] } })?.body?.violations?.length
              ? 'app.tickets.assignment.refused'
              : 'app.tickets.send_error',
            { type: 'error' },
          ),
      },
    );
  }
  const assignToMe = () => {
    if (me !== undefined && !mine) save({ assignee: me }, 'app.tickets.assignment.assigned_to_me');
  };

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (shortcutOf(event) !== 'assignToMe') return;
      event.preventDefault();
      assignToMe();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  // The panel is narrow whatever the window (a side panel at 1280 px, the phone's width): the assignee gets a
  // line of its own, readable, and the button and the priority share the next one, wrapping if need be.
  return (
    <Stack spacing={1} data-testid="ticket-assignment">
      <Autocomplete
        options={options}
        value={options.find((option) => option.id === current?.id) ?? null}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        onChange={(_, option) => save({ assignee: option?.id ?? null }, 'app.tickets.assignment.saved')}
        disabled={isPending}
        size="small"
        fullWidth
        noOptionsText={translate('app.tickets.assignment.no_staff')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate('resources.tickets.fields.assignee')}
            placeholder={translate('app.tickets.assignment.nobody')}
          />
        )}
      />
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          size="small"
          startIcon={<PersonAddIcon />}
          onClick={assignToMe}
          disabled={isPending || mine || me === undefined}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {translate('app.tickets.assignment.assign_to_me')}
        </Button>
        <TextField
          select
          size="small"
          label={translate('resources.tickets.fields.priority')}
          value={ticket.priority}
          onChange={(event) =>
            save({ priority: event.target.value as TicketPriority }, 'app.tickets.assignment.priority_saved')
          }
          disabled={isPending}
          sx={{ minWidth: 130, flex: '1 1 130px' }}
          slotProps={{ htmlInput: { 'data-testid': 'ticket-priority' } }}
        >
          {TICKET_PRIORITIES.map((priority) => (
            <MenuItem key={priority} value={priority}>
              {translate(`choices.ticketPriority.${priority}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Stack>
  );
}
