/**
 * A list exported as CSV (`GET /api/{resource}/export.csv`): the whole filtered list, in the list's order, as
 * French Excel opens it without an import dialog. Written here once; the server writes its files with
 * these, its tests and the back-office read them.
 */

/** French Excel takes the comma as the decimal mark and expects the semicolon between cells. */
export const CSV_SEPARATOR = ';';

/** RFC 4180's line end, which Excel expects. */
export const CSV_LINE_END = '\r\n';

/** Excel reads a file as UTF-8 only when it starts with the byte order mark. */
export const CSV_BOM = '\uFEFF';

export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';

/**
 * The first characters that make a spreadsheet read a cell as a formula (OWASP's "CSV injection"): a text
 * cell starting with one of them gets a leading quote, which the spreadsheet shows as text and drops.
 */
export const FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

/** What prefixes such a cell. */
export const FORMULA_GUARD = "'";

/**
 * The most rows one export writes. An export streams in bounded memory, but it still reads every row it
 * sends: beyond this the request is refused (422, code below) before anything is read, and the list must be
 * narrowed by its filters first.
 */
export const EXPORT_MAX_ROWS = 500_000;

/** The code of the violation refusing an export beyond EXPORT_MAX_ROWS; the back-office translates it. */
export const EXPORT_TOO_LARGE = 'export_too_large';

/**
 * An export spends one write of its user's budget (docs/SECURITY.md), plus one per this many rows it sends:
 * a script exporting in a loop is held to the budget as a script writing is.
 */
export const EXPORT_ROWS_PER_WRITE = 1000;

/** The writes an export of `rows` rows spends beyond the first one. */
export const exportExtraCost = (rows: number) => Math.floor(rows / EXPORT_ROWS_PER_WRITE);

/** The path of a resource's export, under the API's prefix. */
export const exportPath = (resource: string) => `/api/${resource}/export.csv`;

// What makes a cell need quotes (RFC 4180).
const QUOTED = [CSV_SEPARATOR, '"', '\r', '\n'];

/** A text as a cell: guarded against formulas, then quoted when it holds a separator, a quote or a line end. */
export function csvCell(text: string): string {
  const guarded = FORMULA_TRIGGERS.some((trigger) => text.startsWith(trigger)) ? `${FORMULA_GUARD}${text}` : text;
  return QUOTED.some((char) => guarded.includes(char)) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** Cells already written by csvCell (or plain numbers), as one line. */
export const csvLine = (cells: readonly string[]) => `${cells.join(CSV_SEPARATOR)}${CSV_LINE_END}`;

/** The file's name: the resource and the day, e.g. `users-2026-11-27.csv`. */
export const exportFilename = (resource: string, day: Date) => `${resource}-${day.toISOString().slice(0, 10)}.csv`;
