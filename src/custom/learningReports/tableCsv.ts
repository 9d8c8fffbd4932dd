import { CSV_BOM, csvCell, csvLine } from '../../domain/csvExport';
import type { ReportColumn } from './reportColumns';

/** French spreadsheets read a comma as the decimal mark (src/domain/csvExport.ts). */
const csvNumber = (value: number) => String(Math.round(value * 10) / 10).replace('.', ',');

/**
 * A chart's figures as the CSV the list exports write (byte order mark, `;`, CRLF, formulas guarded): the
 * table's own headings and rows, so the file says what the screen shows.
 */
export function tableCsv<R>(columns: readonly ReportColumn<R>[], rows: readonly R[]): string {
  const header = csvLine(columns.map((column) => csvCell(column.label)));
  const lines = rows.map((row) =>
    csvLine(
      columns.map((column) => {
        const value = column.value(row);
        return typeof value === 'number' ? csvNumber(value) : csvCell(value);
      }),
    ),
  );
  return `${CSV_BOM}${header}${lines.join('')}`;
}
