import { useId, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { COURSE_ARCHIVE_FIELD } from '../../domain/courseFormat';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useOpenNewCourse } from './useOpenNewCourse';

interface Problem {
  propertyPath: string;
  message: string;
}

/** The French sentences of a refused file (`violations` of the 422), or undefined for another failure. */
function problemsOf(error: unknown): Problem[] | undefined {
  if (!(error instanceof HttpError) || error.status !== 422) return undefined;
  const violations = (error.body as { violations?: unknown } | null)?.violations;
  return Array.isArray(violations)
    ? violations.filter(
        (violation): violation is Problem =>
          !!violation && typeof violation === 'object' && typeof (violation as Problem).message === 'string',
      )
    : undefined;
}

/** The import's dialog: its code loads when the user opens it, not with the courses list. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const openCourse = useOpenNewCourse();
  const dataProvider = useDataProvider<AppDataProvider>();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Problem[]>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setProblems(undefined);
    try {
      const { data } = await dataProvider.importCourse(file);
      onClose();
      await openCourse(data.id, 'app.course_transfer.import.done');
    } catch (error) {
      const refused = problemsOf(error);
      if (refused?.length) setProblems(refused);
      else notify(error instanceof Error && error.message ? error.message : 'GenericError', { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit}>
        <DialogTitle id={titleId}>{translate('app.course_transfer.import.dialog')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{translate('app.course_transfer.import.intro')}</DialogContentText>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Button variant="outlined" component="label" disabled={busy}>
              {translate('app.course_transfer.import.choose')}
              <input
                ref={input}
                type="file"
                accept=".zip,application/zip"
                hidden
                onChange={(event) => {
                  setFile(event.target.files?.[0]);
                  setProblems(undefined);
                }}
              />
            </Button>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file
                ? translate('app.course_transfer.import.chosen', { name: file.name })
                : translate('app.course_transfer.import.none')}
            </Typography>
          </Box>
          {problems && (
            <Alert severity="error" role="alert">
              <AlertTitle>{translate('app.course_transfer.import.refused')}</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {problems.map((problem, index) => (
                  <li key={index}>
                    {problem.message}
                    {problem.propertyPath && (
                      <Typography
                        component="span"
                        variant="caption"
                        sx={{ display: 'block', overflowWrap: 'anywhere' }}
                      >
                        {problem.propertyPath === COURSE_ARCHIVE_FIELD
                          ? translate('app.course_transfer.import.where_file')
                          : translate('app.course_transfer.import.where_archive', { path: problem.propertyPath })}
                      </Typography>
                    )}
                  </li>
                ))}
              </Box>
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !file}>
            {translate(busy ? 'app.course_transfer.import.busy' : 'app.course_transfer.import.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
