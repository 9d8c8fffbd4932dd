import { EXPORT_MAX_ROWS } from '../domain/csvExport';
import type { listExportFr } from './listExport.fr';

/** A list's CSV export ("Export" above every list), spread under `app` by en.ts. */
export const listExportEn: typeof listExportFr = {
  list_export: {
    busy: 'Exporting…',
    more: 'Choose the export format',
    french: 'French spreadsheet (labels, readable dates and values)',
    api: 'API format (raw fields, for a re-import or an integration)',
    failed: 'The export failed. Please try again.',
    too_large: `Too many rows for one export: ${EXPORT_MAX_ROWS.toLocaleString('en-GB')} at most. Filter the list first.`,
  },
};
