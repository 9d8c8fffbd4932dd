import { useState } from 'react';
import { CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, HttpError, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/** The message of a failed export: the list's own refusals in French, else a plain failure. */
function failureOf(error: unknown): string {
  if (error instanceof HttpError && error.status === 422) return 'app.list_export.too_large';
  // The http client's translated statuses (403, 429, the network...).
  if (error instanceof Error && error.message.startsWith('app.')) return error.message;
  return 'app.list_export.failed';
}

/**
 * "Exporter" above a list: the whole filtered list, in its order, as the server writes it
 * (`GET /api/{resource}/export.csv`), not the first rows react-admin's own exporter fetches in the browser.
 * `filter` is the list's permanent filter (a course's learners), which its context does not hold.
 */
export function ExportListButton({ filter }: { filter?: Record<string, unknown> }) {
  const { resource, filterValues, sort, total } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await dataProvider.exportList(resource, { sort, filter: { ...filterValues, ...filter } });
    } catch (error) {
      notify(failureOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const label = busy ? 'app.list_export.busy' : 'ra.action.export';
  return (
    // Named even when disabled: react-admin's icon button on a phone drops its name then.
    <Button label={label} aria-label={translate(label)} disabled={busy || total === 0} onClick={() => void run()}>
      {busy ? <CircularProgress size={16} /> : <DownloadIcon />}
    </Button>
  );
}
