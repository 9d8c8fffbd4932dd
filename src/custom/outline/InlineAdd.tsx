import { useState } from 'react';
import { Box, Button, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useOutlineActions, type AddingAt } from './OutlineContext';
import { titleLengthError } from './titleLength';
import { useNodeActions } from './useNodeActions';

/** The title of a new module or chapter, typed where it will be; Enter creates it, Escape gives up. */
export function InlineAdd({ at }: { at: AddingAt }) {
  const translate = useTranslate();
  const { setAdding } = useOutlineActions();
  const { create } = useNodeActions();
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async () => {
    if (!title.trim()) return setError(translate('ra.validation.required'));
    const tooLong = titleLengthError(at.kind, title.trim(), translate);
    if (tooLong) return setError(tooLong);
    setBusy(true);
    try {
      await create(at.kind, at.parent, at.position, title.trim());
      setAdding(undefined);
    } catch {
      // The server's reason is in the snackbar; what was typed stays.
      setBusy(false);
    }
  };
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.5, pl: 4, flexWrap: 'wrap' }}
      >
        <TextField
          autoFocus
          size="small"
          label={translate(`app.outline.new_title.${at.kind}`)}
          value={title}
          error={error !== undefined}
          helperText={error}
          onChange={(event) => {
            setTitle(event.target.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setAdding(undefined);
          }}
          sx={{ flex: '1 1 12rem' }}
        />
        <Button type="submit" variant="contained" size="small" disabled={busy} sx={{ mt: 0.5 }}>
          {translate('app.outline.add')}
        </Button>
        <Button size="small" onClick={() => setAdding(undefined)} sx={{ mt: 0.5 }}>
          {translate('ra.action.cancel')}
        </Button>
      </Box>
    </Box>
  );
}
