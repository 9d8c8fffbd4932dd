import { useState } from 'react';
import { Box, Button } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { TicketMessageStatus } from '../../providers/actions';

interface CloseTicketFooterProps {
  closed: boolean;
  /** The text of the reply box: it goes with the closing when there is one. */
  text: string;
  send: (status: TicketMessageStatus, message: string) => Promise<unknown>;
  sending: boolean;
  /** Called once the closing is sent (the box empties). */
  onSent: () => void;
}

/**
 * The panel's footer: "Fermer le ticket" chooses the status `closed` and asks "Fermer le ticket ?";
 * Retour sets the choice back to `created`, Confirmer sends it through `add-message` (a real call where the
 * earlier back-office's panel made none: a departure ARCHITECTURE.md lists), so that the closing is saved
 * and the thread shows it. A closed ticket offers to reopen it instead (a message with status `created`).
 */
export function CloseTicketFooter({ closed, text, send, sending, onSent }: CloseTicketFooterProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [chosen, setChosen] = useState<TicketMessageStatus>('created');

  async function confirm() {
    try {
      await send('closed', text.trim() || translate('app.tickets.closed_message'));
      setChosen('created');
      onSent();
      notify('app.tickets.closed_done', { type: 'success' });
    } catch {
      // The error snackbar is shown by useTicketMessage; the popup stays open to try again or go back.
    }
  }

  async function reopen() {
    try {
      await send('created', translate('app.tickets.reopened_message'));
      notify('app.tickets.reopened_done', { type: 'success' });
    } catch {
      // As above.
    }
  }

  return (
    <Box
      data-chosen-status={chosen}
      sx={{ display: 'flex', justifyContent: 'flex-end', pt: 1, borderTop: 1, borderColor: 'divider' }}
    >
      {closed ? (
        <Button startIcon={<LockOpenIcon />} onClick={() => void reopen()} disabled={sending}>
          {translate('app.tickets.reopen')}
        </Button>
      ) : (
        <Button color="error" startIcon={<LockIcon />} onClick={() => setChosen('closed')} disabled={sending}>
          {translate('app.tickets.close')}
        </Button>
      )}
      <Confirm
        isOpen={chosen === 'closed' && !closed}
        loading={sending}
        title="app.tickets.close_title"
        content="app.tickets.close_content"
        confirm="app.tickets.confirm"
        cancel="app.tickets.back"
        // Going back is no error: react-admin's default icon for it is an alert.
        CancelIcon={ArrowBackIcon}
        onConfirm={() => void confirm()}
        onClose={() => setChosen('created')}
      />
    </Box>
  );
}
