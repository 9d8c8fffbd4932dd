import { useId, useState, type ChangeEvent } from 'react';
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
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { HttpError, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { isPlatformStaff } from '../../domain/tenancy';
import { sessionStore } from '../../providers/sessionStore';
import type { CsvImportResource } from '../../domain/csvImport';
import { rightsOf } from '../../domain/rights';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { ScreensConfig } from '../crud/fieldSpec';
import { Loader } from '../Loader';
import { useStructureChoice } from '../tenancy/useSessionStructure';
import { problemText, readCsv, rowProblemsOf, type CsvRows, type RowProblem } from './csvRows';

type Step =
  | { name: 'choose' }
  | { name: 'reading'; file: string }
  | { name: 'refused'; file: string; key: string; args?: Record<string, unknown> }
  | { name: 'preview'; file: string; csv: CsvRows; problems: RowProblem[] }
  | { name: 'importing'; file: string; csv: CsvRows };

const sessionIsPlatformStaff = () => isPlatformStaff(sessionStore.getRoles());

/** A value of the preview, as the file gave it. */
const cellText = (value: unknown) =>
  Array.isArray(value) ? value.join(' | ') : value === undefined ? '' : String(value);

/**
 * The import of a CSV file into a list: the file is read here, its rows checked by the server without being
 * kept (a dry run), and shown with each row's problems; the user fixes the file and picks it again, then
 * "Importer" creates every row in one go, or none.
 */
export function CsvImportDialog({
  config,
  resource,
  onClose,
}: {
  config: ScreensConfig;
  resource: CsvImportResource;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [step, setStep] = useState<Step>({ name: 'choose' });
  // Platform staff across every structure: a structure's rows (users) need one chosen first, where they go.
  const [chosen] = useStructureChoice();
  const needsStructure = !chosen && sessionIsPlatformStaff() && rightsOf(resource).tenancy.rows === 'structure';
  const busy = step.name === 'reading' || step.name === 'importing';
  const resourceName = translate(`resources.${resource}.name`, { smart_count: 2 }).toLowerCase();

  const failed = (error: unknown) =>
    notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file, fixed, may be picked again: the input must see a change.
    event.target.value = '';
    // Rows checked without a structure would all be refused: the banner asks for one first.
    if (!file || needsStructure) return;
    setStep({ name: 'reading', file: file.name });
    try {
      const csv = await readCsv(file, config, translate);
      if (csv.problem) return setStep({ name: 'refused', file: file.name, ...csv.problem });
      if (csv.rows.length === 0) return setStep({ name: 'refused', file: file.name, key: 'no_rows' });
      try {
        await dataProvider.importRows(resource, csv.rows, true);
        setStep({ name: 'preview', file: file.name, csv, problems: [] });
      } catch (error) {
        const problems =
          error instanceof HttpError && error.status === 422 ? rowProblemsOf(error.body?.violations) : [];
        if (problems.length === 0) throw error;
        setStep({ name: 'preview', file: file.name, csv, problems });
      }
    } catch (error) {
      setStep({ name: 'choose' });
      failed(error);
    }
  };

  const submit = async () => {
    if (step.name !== 'preview' || step.problems.length > 0 || needsStructure) return;
    setStep({ name: 'importing', file: step.file, csv: step.csv });
    try {
      const answer = await dataProvider.importRows(resource, step.csv.rows, false);
      notify('app.csv_import.done', {
        type: 'success',
        messageArgs: { smart_count: answer.count, invited: answer.invited?.length ?? 0 },
      });
      if (answer.notInvited?.length)
        notify('app.csv_import.not_invited', {
          type: 'warning',
          messageArgs: { smart_count: answer.notInvited.length },
        });
      refresh();
      onClose();
    } catch (error) {
      const problems = error instanceof HttpError && error.status === 422 ? rowProblemsOf(error.body?.violations) : [];
      setStep({ name: 'preview', file: step.file, csv: step.csv, problems });
      if (problems.length === 0) failed(error);
    }
  };

  const preview = step.name === 'preview' || step.name === 'importing' ? step : undefined;
  const problems = step.name === 'preview' ? step.problems : [];
  const byRow = new Map<number, RowProblem[]>();
  for (const problem of problems) byRow.set(problem.row, [...(byRow.get(problem.row) ?? []), problem]);
  const refusedRows = [...byRow.keys()].sort((a, b) => a - b);

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{translate('app.csv_import.title', { name: resourceName })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{translate('app.csv_import.intro')}</DialogContentText>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Button variant="outlined" component="label" disabled={busy || needsStructure}>
            {translate(step.name === 'choose' ? 'app.csv_import.choose' : 'app.csv_import.choose_again')}
            <input type="file" accept=".csv,text/csv" hidden disabled={busy || needsStructure} onChange={pick} />
          </Button>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {step.name === 'choose'
              ? translate('app.csv_import.none')
              : translate('app.csv_import.chosen', { name: step.file })}
          </Typography>
        </Box>
        {needsStructure && (
          <Alert severity="info" role="status">
            {translate('app.csv_import.choose_structure', { name: resourceName })}
          </Alert>
        )}
        {busy && <Loader size="small" />}
        {step.name === 'refused' && (
          <Alert severity="error" role="alert">
            {translate(`app.csv_import.file.${step.key}`, step.args)}
          </Alert>
        )}
        {preview && preview.csv.ignored.length > 0 && (
          <Alert severity="info">
            {translate('app.csv_import.ignored', { columns: preview.csv.ignored.join(', ') })}
          </Alert>
        )}
        {step.name === 'preview' && refusedRows.length === 0 && (
          <Alert severity="success" role="status">
            {translate('app.csv_import.ready', { smart_count: step.csv.rows.length })}
          </Alert>
        )}
        {refusedRows.length > 0 && (
          <Alert severity="error" role="alert">
            <AlertTitle>
              {translate('app.csv_import.refused', {
                smart_count: refusedRows.length,
                total: preview?.csv.rows.length ?? 0,
              })}
            </AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {refusedRows.map((row) => (
                <li key={row}>
                  {translate('app.csv_import.line', { line: row + 2 })}{' '}
                  {(byRow.get(row) ?? []).map((problem) => problemText(resource, problem, translate)).join(' ; ')}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        {preview && (
          <TableContainer
            // A region scrolled by keyboard too: the rows may be wider and longer than the dialog.
            tabIndex={0}
            role="region"
            aria-label={translate('app.csv_import.preview')}
            sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Table size="small" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.csv_import.line_column')}</TableCell>
                  {preview.csv.fields.map((spec) => (
                    <TableCell key={spec.source}>
                      {translate(`resources.${resource}.fields.${spec.source}`, { _: spec.source })}
                    </TableCell>
                  ))}
                  <TableCell>{translate('app.csv_import.problems_column')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.csv.rows.map((row, index) => {
                  const found = byRow.get(index);
                  return (
                    <TableRow key={index} selected={!!found}>
                      <TableCell>{index + 2}</TableCell>
                      {preview.csv.fields.map((spec) => (
                        <TableCell key={spec.source} sx={{ overflowWrap: 'anywhere' }}>
                          {cellText(row[spec.source])}
                        </TableCell>
                      ))}
                      <TableCell sx={{ color: found ? 'error.main' : undefined }}>
                        {found
                          ? found.map((problem) => problemText(resource, problem, translate)).join(' ; ')
                          : translate('app.csv_import.row_ok')}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={step.name !== 'preview' || refusedRows.length > 0 || needsStructure}
        >
          {translate(step.name === 'importing' ? 'app.csv_import.importing' : 'app.csv_import.submit', {
            smart_count: preview?.csv.rows.length ?? 0,
          })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
