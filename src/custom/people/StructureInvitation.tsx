import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { type HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { companies, maxLengthOf } from '../../domain/contracts';
import { mayManageStructures } from '../../domain/rights';
import type { AppDataProvider } from '../../providers/dataProvider';
import { sessionStore } from '../../providers/sessionStore';

/**
 * Above the users list for a super admin: invites a new structure (POST /api/invitations) and
 * shows the link that signs it up, `/onboard?company=…&key=…`, to copy and send.
 */
export function StructureInvitation() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [link, setLink] = useState('');
  const [pending, setPending] = useState(false);
  if (!mayManageStructures(sessionStore.getRoles(), 'invite')) return null;

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError('app.validation.blank');
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      setLink((await dataProvider.createInvitation(name.trim())).data.link);
    } catch (failure) {
      const fields = ((failure as HttpError).body as { errors?: Record<string, string> } | undefined)?.errors;
      if (fields?.name) setError(fields.name);
      else notify((failure as Error).message || 'GenericError', { type: 'error' });
    }
    setPending(false);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      notify('app.structures.copied', { type: 'success' });
    } catch {
      notify('app.structures.copy_failed', { type: 'warning' });
    }
  }

  function close() {
    setOpen(false);
    setName('');
    setLink('');
    setError(undefined);
  }

  return (
    <>
      <Button startIcon={<AddBusinessIcon />} onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start', m: 1 }}>
        {translate('app.structures.invite')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="structure-invitation-title">
        <DialogTitle id="structure-invitation-title">{translate('app.structures.invite')}</DialogTitle>
        <DialogContent>
          <Stack component="form" id="structure-invitation-form" spacing={2} noValidate onSubmit={create}>
            <DialogContentText>{translate('app.structures.invite_intro')}</DialogContentText>
            <TextField
              label={translate('app.structures.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(error)}
              helperText={error ? translate(error, { _: error }) : undefined}
              slotProps={{ htmlInput: { maxLength: maxLengthOf(companies, 'name') } }}
              disabled={Boolean(link)}
              required
              autoFocus
              fullWidth
            />
            {link ? (
              <TextField
                label={translate('app.structures.link')}
                value={link}
                slotProps={{ htmlInput: { readOnly: true } }}
                onFocus={(event) => event.target.select()}
                fullWidth
                multiline
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close}>{translate('app.structures.close')}</Button>
          {link ? (
            <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              {translate('app.structures.copy')}
            </Button>
          ) : (
            <Button type="submit" form="structure-invitation-form" variant="contained" loading={pending}>
              {translate('app.structures.create_link')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
