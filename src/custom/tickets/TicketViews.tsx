import { useEffect, useState } from 'react';
import { Box, Button, ListItemText, Menu, MenuItem, Stack } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import { useGetIdentity, useListContext, useTranslate, type Identifier } from 'react-admin';
import { TICKET_VIEWS, type TicketView } from '../../domain/helpdesk';
import { useSidePanel } from '../sidePanel';
import { shortcutOf } from './shortcuts';
import { TicketShortcutsHelp } from './TicketShortcutsHelp';
import { ticketViewFilter } from './ticketViewFilter';
import { useTicketViewCounts } from './useTicketViewCounts';

type Filters = Record<string, unknown>;

/** The list's filters of each view; choosing one replaces the others' and keeps every other filter. */
const VIEW_KEYS = ['assignee', 'assigned', 'dueAt'];

function viewOf(filters: Filters, me: Identifier | undefined): TicketView {
  if (filters.assigned === false || filters.assigned === 'false') return 'unassigned';
  if (filters.dueAt && typeof filters.dueAt === 'object' && 'strictly_before' in filters.dueAt) return 'overdue';
  if (filters.assignee !== undefined && me !== undefined && String(filters.assignee) === String(me)) return 'mine';
  return 'all';
}

/**
 * Above the ticket list: its built-in views ("Mes tickets", "Non attribués", "En retard", "Tous") with their
 * counts (one call, kept live by the tickets' events), the keyboard's help, and the list's shortcuts: j / k
 * open the next or previous ticket of the page in the side panel, `?` the help.
 */
export function TicketViews() {
  const translate = useTranslate();
  const { data: rows, filterValues, setFilters } = useListContext();
  const { identity } = useGetIdentity();
  const { current, open } = useSidePanel();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [help, setHelp] = useState(false);
  const counts = useTicketViewCounts();
  const me = identity?.id;
  const view = viewOf(filterValues, me);

  function choose(next: TicketView) {
    const kept = Object.fromEntries(Object.entries(filterValues).filter(([key]) => !VIEW_KEYS.includes(key)));
    setFilters({ ...kept, ...ticketViewFilter(next, me) }, undefined, false);
    setAnchor(null);
  }

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const shortcut = shortcutOf(event);
      if (shortcut === 'help') {
        event.preventDefault();
        setHelp(true);
      }
      if ((shortcut === 'next' || shortcut === 'previous') && rows && rows.length > 0) {
        event.preventDefault();
        const at = current?.resource === 'tickets' ? rows.findIndex((row) => row.id === current.id) : -1;
        const to =
          at === -1
            ? shortcut === 'next'
              ? 0
              : rows.length - 1
            : Math.min(rows.length - 1, Math.max(0, at + (shortcut === 'next' ? 1 : -1)));
        open({ resource: 'tickets', id: rows[to].id });
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [rows, current, open]);

  const count = (name: TicketView) => counts.data?.data[name];
  const label = (name: TicketView) => translate(`app.tickets.views.${name}`);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', pt: 1 }}
      data-testid="ticket-views"
    >
      <Button
        startIcon={<FilterListIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? 'ticket-views-menu' : undefined}
      >
        {translate('app.tickets.views.current', { view: label(view), count: count(view) ?? '…' })}
      </Button>
      <Menu id="ticket-views-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {TICKET_VIEWS.map((name) => (
          <MenuItem key={name} selected={name === view} onClick={() => choose(name)} data-view={name}>
            <ListItemText>{label(name)}</ListItemText>
            <Box
              component="span"
              data-testid={`view-count-${name}`}
              sx={{
                ml: 3,
                fontWeight: 600,
                color: name === 'overdue' && count(name) ? 'error.main' : 'text.secondary',
              }}
            >
              {count(name) ?? '…'}
            </Box>
          </MenuItem>
        ))}
      </Menu>
      <Box sx={{ flex: 1 }} />
      <Button size="small" startIcon={<KeyboardIcon />} onClick={() => setHelp(true)}>
        {translate('app.tickets.shortcuts.button')}
      </Button>
      <TicketShortcutsHelp open={help} onClose={() => setHelp(false)} />
    </Stack>
  );
}
