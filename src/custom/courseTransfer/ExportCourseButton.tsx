import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useNotify, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * "Exporter" on a course: its zip (`GET /api/courses/{id}/export`: course.json and its documents' files),
 * saved on the user's machine, to be imported in another structure or kept as a backup.
 */
export function ExportCourseButton({ record: given }: { record?: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const record = useRecordContext({ record: given });
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const title = String(record.title ?? '');
  const run = async () => {
    setBusy(true);
    try {
      await dataProvider.exportCourse(record.id);
      notify('app.course_transfer.export.done', { type: 'info' });
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'GenericError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      disabled={busy}
      aria-label={translate('app.course_transfer.export.named', { title })}
      onClick={(event) => {
        event.stopPropagation();
        void run();
      }}
    >
      {translate('app.course_transfer.export.button')}
    </Button>
  );
}
