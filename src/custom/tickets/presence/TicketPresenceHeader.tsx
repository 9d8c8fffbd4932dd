import { Avatar, AvatarGroup, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslate, type Identifier } from 'react-admin';
import { sessionAllowsAll } from '../../../providers/authProvider';
import { usePresenceNames } from './presenceNames';
import { usePresentOthers, useTicketPresenceHeartbeat } from './useTicketPresence';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** Who else has the ticket open, under the panel's title; the panel says it has it open while shown. */
function PresenceBar({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const names = usePresenceNames();
  useTicketPresenceHeartbeat(id);
  const { present } = usePresentOthers(id);
  if (present.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ px: 2, pt: 0.5, alignItems: 'center' }} data-testid="ticket-presence">
      <AvatarGroup max={4} aria-hidden sx={{ '& .MuiAvatar-root': { width: 24, height: 24, fontSize: 11 } }}>
        {present.map((person) => (
          <Tooltip key={person.id} title={person.name}>
            <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>{initialsOf(person.name)}</Avatar>
          </Tooltip>
        ))}
      </AvatarGroup>
      <Typography variant="caption" color="text.secondary" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {translate('app.presence.also_open', { names: names(present), smart_count: present.length })}
      </Typography>
    </Stack>
  );
}

/**
 * The ticket panel's header line (the resource's `options.sidePanelHeader`): support staff only, whose
 * presence the others see; a ticket's author is neither told nor shown.
 */
export function TicketPresenceHeader({ id }: { id: Identifier }) {
  return sessionAllowsAll('tickets', 'edit') ? <PresenceBar id={id} /> : null;
}
