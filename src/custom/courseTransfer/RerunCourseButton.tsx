import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { useDataProvider, useNotify, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { courses, maxLengthOf } from '../../domain/contracts';
import { RERUN_MAX_OFFSET_DAYS } from '../../domain/courseFormat';
import { sessionAllows } from '../../providers/authProvider';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useOpenNewCourse } from './useOpenNewCourse';

const TITLE_MAX = maxLengthOf(courses, 'title');

/**
 * "Nouvelle session" on a course: a dialog asks the new session's title and what becomes of its dates
 * (cleared, or shifted by a number of days), then the course is copied whole as a draft
 * (`POST /api/courses/{id}/rerun`) and the copy's outline opens.
 */
export function RerunCourseButton({ record: given }: { record?: RaRecord }) {
  const translate = useTranslate();
  const record = useRecordContext({ record: given });
  const [open, setOpen] = useState(false);
  if (!record || !sessionAllows('courses', 'create')) return null;
  const title = String(record.title ?? '');
  return (
    <>
      <Button
        size="small"
        startIcon={<EventRepeatIcon />}
        aria-label={translate('app.course_transfer.rerun.named', { title })}
        onClick={(event) => {
          // On a list row: the dialog, not the row's side panel.
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate('app.course_transfer.rerun.button')}
      </Button>
      {open && <RerunDialog record={record} onClose={() => setOpen(false)} />}
    </>
  );
}

function RerunDialog({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const openCourse = useOpenNewCourse();
  const dataProvider = useDataProvider<AppDataProvider>();
  const titleId = useId();
  const [title, setTitle] = useState(() =>
    translate('app.course_transfer.rerun.default_title', { title: String(record.title ?? '') }).slice(0, TITLE_MAX),
  );
  const [dates, setDates] = useState<'clear' | 'shift'>('shift');
  const [offset, setOffset] = useState('0');
  const [busy, setBusy] = useState(false);
  const offsetDays = Number(offset);
  const offsetValid =
    dates === 'clear' || (/^-?\d+$/.test(offset.trim()) && Math.abs(offsetDays) <= RERUN_MAX_OFFSET_DAYS);
  const titleValid = title.trim() !== '' && title.length <= TITLE_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!offsetValid || !titleValid) return;
    setBusy(true);
    try {
      const { data } = await dataProvider.rerunCourse({
        id: record.id,
        title: title.trim(),
        dateOffsetDays: dates === 'clear' ? null : offsetDays,
      });
      onClose();
      await openCourse(data.id, 'app.course_transfer.rerun.done');
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'GenericError', { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      // Clicks inside the dialog stay out of the list row behind it.
      onClick={(event) => event.stopPropagation()}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate('app.course_transfer.rerun.dialog')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{translate('app.course_transfer.rerun.intro')}</DialogContentText>
          <TextField
            label={translate('app.course_transfer.rerun.title')}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            autoFocus
            error={!titleValid}
            helperText={titleValid ? undefined : translate('app.course_transfer.rerun.title_invalid')}
            slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
          />
          <FormControl>
            <FormLabel id={`${titleId}-dates`}>{translate('app.course_transfer.rerun.dates')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${titleId}-dates`}
              value={dates}
              onChange={(event) => setDates(event.target.value as 'clear' | 'shift')}
            >
              <FormControlLabel
                value="shift"
                control={<Radio />}
                label={translate('app.course_transfer.rerun.dates_shift')}
              />
              <FormControlLabel
                value="clear"
                control={<Radio />}
                label={translate('app.course_transfer.rerun.dates_clear')}
              />
            </RadioGroup>
          </FormControl>
          {dates === 'shift' && (
            <TextField
              label={translate('app.course_transfer.rerun.offset')}
              value={offset}
              onChange={(event) => setOffset(event.target.value)}
              error={!offsetValid}
              helperText={
                offsetValid
                  ? translate('app.course_transfer.rerun.offset_help')
                  : translate('app.course_transfer.rerun.offset_invalid', { max: RERUN_MAX_OFFSET_DAYS })
              }
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !offsetValid || !titleValid}>
            {translate('app.course_transfer.rerun.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
