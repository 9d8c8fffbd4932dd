import { useState } from 'react';
import { Box, TextField } from '@mui/material';
import { HttpError, useTranslate } from 'react-admin';
import type { NodeRef } from './outlineModel';
import { titleLengthError } from './titleLength';
import { useNodeActions } from './useNodeActions';

/** The server's word on the title (a 422 names it), or its general message, as a translation key. */
function reasonOf(error: unknown): string {
  const fields =
    error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined)?.errors : undefined;
  if (fields?.title) return fields.title;
  return error instanceof Error && error.message ? error.message : 'app.outline.action_error';
}

/**
 * A row's title typed in place (F2 or a double click on it): Enter saves, Escape gives up. A refusal shows
 * under the field in French and what was typed stays; a part may be left untitled (its type names it).
 */
export function RenameField({
  node,
  initial,
  label,
  onDone,
}: {
  node: NodeRef;
  initial: string;
  label: string;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const { rename } = useNodeActions();
  const [title, setTitle] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const typed = title.trim();
    if (typed === initial.trim()) return onDone();
    if (!typed && node.kind !== 'part') return setError(translate('ra.validation.required'));
    const tooLong = titleLengthError(node.kind, typed, translate);
    if (tooLong) return setError(tooLong);
    setBusy(true);
    try {
      await rename(node, typed);
      onDone();
    } catch (failure) {
      const reason = reasonOf(failure);
      setError(translate(reason, { _: reason }));
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      sx={{ flex: 1, minWidth: 0, py: 0.5 }}
    >
      <TextField
        autoFocus
        size="small"
        fullWidth
        label={label}
        value={title}
        disabled={busy}
        error={error !== undefined}
        helperText={error}
        onChange={(event) => {
          setTitle(event.target.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          onDone();
        }}
        // Leaving an unchanged field closes it; a changed one stays, so that nothing typed is lost.
        onBlur={() => title.trim() === initial.trim() && !busy && onDone()}
      />
    </Box>
  );
}
