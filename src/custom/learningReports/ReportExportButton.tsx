import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ReportParams } from '../../domain/learningReports';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * « Exporter les chiffres »: the report for the same period and course as the server writes it
 * (`?format=csv`, French headings), the file the weekly e-mail attaches, saved with the session's token.
 */
export function ReportExportButton({ params }: { params: ReportParams }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await dataProvider.exportLearningReport(params);
    } catch (error) {
      // The http client's translated statuses (403, 429, the network...), else a plain failure.
      notify(
        error instanceof Error && error.message.startsWith('app.')
          ? error.message
          : 'app.learning_reports.export_failed',
        {
          type: 'error',
        },
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
      disabled={busy}
      onClick={() => void run()}
    >
      {translate('app.learning_reports.export_report')}
    </Button>
  );
}
