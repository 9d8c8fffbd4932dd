import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TICKET_SHORTCUTS, type TicketShortcut } from './shortcuts';

/** The keys that have a name, in the interface's words ("Maj", "Entrée"). */
const NAMED_KEYS: Readonly<Record<string, string>> = {
  Ctrl: 'app.tickets.shortcuts.keys.Ctrl',
  Shift: 'app.tickets.shortcuts.keys.Shift',
  Enter: 'app.tickets.shortcuts.keys.Enter',
};

/** The help dialog of the desk's keyboard shortcuts, opened with `?` or its button. */
export function TicketShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="ticket-shortcuts-title" fullWidth maxWidth="xs">
      <DialogTitle id="ticket-shortcuts-title">{translate('app.tickets.shortcuts.title')}</DialogTitle>
      <DialogContent>
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          {(Object.keys(TICKET_SHORTCUTS) as TicketShortcut[]).map((name) => (
            <Box key={name} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <Typography component="dt" variant="body2">
                {translate(TICKET_SHORTCUTS[name].label)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'nowrap' }}>
                {TICKET_SHORTCUTS[name].keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && ' + '}
                    <Box
                      component="kbd"
                      sx={{
                        px: 0.75,
                        py: 0.25,
                        border: 1,
                        borderColor: 'divider',
                        borderRadius: 1,
                        fontFamily: 'monospace',
                      }}
                    >
                      {key in NAMED_KEYS ? translate(NAMED_KEYS[key]) : key}
                    </Box>
                  </span>
                ))}
              </Typography>
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
