import { useId, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { MentionNotification } from '../../domain/mentions';
import type { AppDataProvider } from '../../providers/dataProvider';
import { Loader } from '../Loader';
import { useLiveReady } from '../live/liveReady';
import { useSidePanel } from '../sidePanel';
import { useFormatDateTime } from '../tickets/useFormatDateTime';

// Read by screen readers only: the bold type says it to the eye.
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The query every screen shares: the live stream invalidates it when a note mentions the user. */
export const MENTIONS_QUERY_KEY = ['mentions'] as const;

/**
 * The app bar's bell: how many notes mentioned the user and were not read yet, and, opened, what
 * mentioned them (the ticket, who, when, an excerpt), newest first. Choosing one marks it read and opens
 * its ticket in the side panel, on its notes; "Tout marquer comme lu" empties the count. The count rises
 * live (src/custom/live/LiveEvents.tsx refetches it on a mention's event).
 */
/** Beyond this many unread mentions the badge says "99+". */
const BADGE_MAX = 99;

export function MentionBell() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const formatDateTime = useFormatDateTime();
  const { open: openPanel, selectSubTab } = useSidePanel();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const ids = useId();
  // Read once the stream is live, which then keeps it so: not before the first screen's own data.
  const { data, isPending, isError } = useQuery({
    queryKey: MENTIONS_QUERY_KEY,
    queryFn: () => dataProvider.getMentions(),
    enabled: useLiveReady(),
  });
  const unread = data?.unread ?? 0;
  // The name says what the badge shows ("99+"), so that what one sees is what a screen reader says.
  const shown = unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
  const label = data
    ? translate('app.mentions.bell', { smart_count: unread, count: shown })
    : translate('app.mentions.title');
  const refresh = () => queryClient.invalidateQueries({ queryKey: MENTIONS_QUERY_KEY });

  function choose(mention: MentionNotification) {
    setAnchor(null);
    openPanel({ resource: 'tickets', id: mention.ticket.id });
    selectSubTab('notes');
    if (mention.readAt === null)
      void dataProvider
        .markMentionRead(mention.id)
        .then(refresh)
        .catch(() => notify('app.mentions.error', { type: 'error' }));
  }

  function markAll() {
    // The button is disabled once nothing is unread: the focus stays in the list, where Escape closes it.
    document.getElementById(`${ids}-paper`)?.focus();
    void dataProvider
      .markAllMentionsRead()
      .then(refresh)
      .catch(() => notify('app.mentions.error', { type: 'error' }));
  }

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? ids : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {/* The badge's figure is text inside the button: it shows once the label can say it too. */}
          {data ? (
            <Badge badgeContent={unread} color="error" max={BADGE_MAX}>
              <NotificationsIcon />
            </Badge>
          ) : (
            <NotificationsIcon />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        id={ids}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            id: `${ids}-paper`,
            'aria-labelledby': `${ids}-title`,
            sx: { width: { xs: 'calc(100vw - 16px)', sm: 400 }, maxHeight: '70vh' },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
          <Typography id={`${ids}-title`} variant="subtitle1" component="h2" sx={{ flex: 1 }}>
            {translate('app.mentions.title')}
          </Typography>
          <Button size="small" onClick={markAll} disabled={unread === 0}>
            {translate('app.mentions.mark_all')}
          </Button>
        </Box>
        <Divider />
        {isPending ? (
          <Loader size="small" />
        ) : isError ? (
          <Alert severity="error" sx={{ m: 1 }}>
            {translate('app.mentions.load_error')}
          </Alert>
        ) : data.items.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }}>
            {translate('app.mentions.empty')}
          </Typography>
        ) : (
          <List dense aria-label={translate('app.mentions.title')} sx={{ py: 0 }}>
            {data.items.map((mention) => (
              <ListItem key={mention.id} disablePadding divider>
                <ListItemButton onClick={() => choose(mention)} sx={{ alignItems: 'flex-start' }}>
                  <ListItemText
                    primary={
                      <>
                        {mention.readAt === null && (
                          <Box component="span" sx={visuallyHidden}>
                            {translate('app.mentions.unread')}{' '}
                          </Box>
                        )}
                        {translate('app.mentions.item', {
                          author: mention.author?.name ?? translate('app.mentions.someone'),
                          subject: mention.ticket.subject,
                        })}
                      </>
                    }
                    secondary={
                      <>
                        <Box component="span" sx={{ display: 'block' }}>
                          {mention.excerpt}
                        </Box>
                        <Box component="span" sx={{ display: 'block' }}>
                          {formatDateTime(mention.createdAt)}
                        </Box>
                      </>
                    }
                    slotProps={{
                      primary: { sx: { fontWeight: mention.readAt === null ? 600 : 400 } },
                    }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
