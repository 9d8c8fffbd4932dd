import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import { useTranslate } from 'react-admin';
import { CSV_MEDIA_TYPE } from '../../domain/csvExport';
import { saveInBrowser } from '../../providers/transfer';
import { dayOf } from './reportPeriod';
import type { ReportColumn } from './reportColumns';
import { ReportTable } from './ReportTable';
import { tableCsv } from './tableCsv';

/**
 * One chart of the reports, as a section named by its heading: the chart, then its figures as a table
 * (« Voir les données »: what the chart says, for a screen reader or a precise reading) and their CSV,
 * written from that same table. With no rows, it says so instead of drawing empty axes.
 */
export function ChartSection<R>({
  title,
  hint,
  columns,
  rows,
  rowKey,
  filename,
  testId,
  empty: emptyText = 'app.learning_reports.empty_chart',
  charted,
  children,
}: {
  title: string;
  /** What a click on a bar does, under the heading. */
  hint?: string;
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** The CSV's name before its day: `suivi-completion` → `suivi-completion-2026-11-30.csv`. */
  filename: string;
  testId: string;
  /** What the section says when it has no rows (a key of the messages). */
  empty?: string;
  /** How many rows the chart draws, when fewer than the table's (chartedRows). */
  charted?: number;
  /** The chart. */
  children: ReactNode;
}) {
  const translate = useTranslate();
  const headingId = useId();
  const tableId = useId();
  const [open, setOpen] = useState(false);
  const empty = rows.length === 0;
  const exportCsv = () =>
    saveInBrowser({
      blob: new Blob([tableCsv(columns, rows)], { type: CSV_MEDIA_TYPE }),
      filename: `${filename}-${dayOf(new Date())}.csv`,
    });
  return (
    <Card component="section" aria-labelledby={headingId} data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography id={headingId} component="h2" variant="h6">
            {title}
          </Typography>
          {!empty && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button
                size="small"
                startIcon={<TableChartIcon />}
                aria-expanded={open}
                // Named only when the table is there: an id that names nothing is an error to a screen reader.
                aria-controls={open ? tableId : undefined}
                onClick={() => setOpen(!open)}
              >
                {translate(open ? 'app.learning_reports.hide_data' : 'app.learning_reports.show_data')}
              </Button>
              <Button
                size="small"
                startIcon={<DownloadIcon />}
                aria-label={translate('app.learning_reports.export_named', { title })}
                onClick={exportCsv}
              >
                {translate('app.learning_reports.export_csv')}
              </Button>
            </Stack>
          )}
        </Stack>
        {empty ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate(emptyText)}
          </Typography>
        ) : (
          <>
            {hint && (
              <Typography variant="body2" color="text.secondary">
                {hint}
              </Typography>
            )}
            {charted !== undefined && charted < rows.length && (
              <Typography variant="body2" color="text.secondary">
                {translate('app.learning_reports.charted', { shown: charted, total: rows.length })}
              </Typography>
            )}
            <Box sx={{ minWidth: 0 }}>{children}</Box>
            {open && <ReportTable id={tableId} caption={title} columns={columns} rows={rows} rowKey={rowKey} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
