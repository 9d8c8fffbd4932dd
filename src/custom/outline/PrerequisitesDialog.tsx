import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Typography,
} from '@mui/material';
import { HttpError, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useOutline } from './OutlineContext';
import { chaptersOf } from './outlineModel';

/** The server refused the unlock because the chapter would end up requiring itself (API.md: a cycle is a 422). */
const isCycle = (error: unknown) =>
  error instanceof HttpError && error.status === 422 && JSON.stringify(error.body ?? '').includes('cycle');

/**
 * The chapters that must be validated before this one, chosen among the course's others, each ticked or
 * unticked at once through `add-`/`remove-chapter-unlocks`. A cycle is the server's to refuse: shown here.
 */
export function PrerequisitesDialog({ chapter, onClose }: { chapter: number; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { outline, refresh } = useOutline();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const all = chaptersOf(outline);
  const current = all.find((entry) => entry.chapter.id === chapter)?.chapter;
  if (!current) return null;
  const toggle = async (other: number, required: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      if (required) await dataProvider.addChapterUnlocks({ id: chapter, ids: [other] });
      else await dataProvider.removeChapterUnlocks({ id: chapter, ids: [other] });
    } catch (failure) {
      setError(isCycle(failure) ? translate('app.outline.prerequisites.cycle') : translate('app.outline.action_error'));
    } finally {
      await refresh();
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="prerequisites-title">
      <DialogTitle id="prerequisites-title">
        {translate('app.outline.prerequisites.title', { title: current.title })}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.outline.prerequisites.help')}
        </Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {outline.modules.map((module) => {
          const others = module.chapters.filter((other) => other.id !== chapter);
          if (others.length === 0) return null;
          return (
            <FormGroup key={module.id} role="group" aria-label={module.title} sx={{ mb: 1 }}>
              <Typography variant="subtitle2" component="p">
                {module.title}
              </Typography>
              {others.map((other) => (
                <FormControlLabel
                  key={other.id}
                  control={
                    <Checkbox
                      checked={current.unlocks.includes(other.id)}
                      disabled={busy}
                      onChange={(event) => void toggle(other.id, event.target.checked)}
                    />
                  }
                  label={other.title}
                />
              ))}
            </FormGroup>
          );
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
