import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DEFAULT_TIME_ZONE, fromZonedInput, toZonedInput } from '../../domain/releases';
import { useOutline } from './OutlineContext';

/**
 * A release date for one node or for the checked ones: a date and time on the clock of the course's structure
 * (its time zone, said under the field), saved as an instant; "Publier dès maintenant" clears it, and
 * learners get the nodes at once.
 */
export function ReleaseDialog({
  title,
  initial,
  onClose,
  onSave,
}: {
  title: string;
  /** The date the node has now, if one node and it has one. */
  initial?: string | null;
  onClose: () => void;
  /** Null: released at once. */
  onSave: (releaseAt: string | null) => Promise<unknown>;
}) {
  const translate = useTranslate();
  const { outline } = useOutline();
  const timeZone = outline.timeZone ?? DEFAULT_TIME_ZONE;
  const [value, setValue] = useState(initial ? toZonedInput(initial, timeZone) : '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const save = (releaseAt: string | null) => {
    setBusy(true);
    void onSave(releaseAt)
      .then(onClose, () => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="release-title">
      <DialogTitle id="release-title">{title}</DialogTitle>
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const instant = fromZonedInput(value, timeZone);
          setError(!instant);
          if (instant) save(instant);
        }}
      >
        <DialogContent>
          <TextField
            type="datetime-local"
            autoFocus
            fullWidth
            label={translate('app.outline.release.input')}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(false);
            }}
            error={error}
            helperText={translate(error ? 'app.outline.release.invalid' : 'app.outline.release.zone', {
              zone: timeZone,
            })}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button onClick={() => save(null)} disabled={busy}>
            {translate('app.outline.release.clear')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('app.outline.release.save')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
