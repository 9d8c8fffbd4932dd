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

/**
 * Other spellings of the triggers that some spreadsheet, import dialog or locale reads as the trigger
 * itself: the minus sign and the dashes typed for it, the heavy plus and minus. The compatibility forms
 * (full-width `＝＋－＠`, small and superscript signs) are found by folding a cell (NFKC) instead.
 */
export const FORMULA_TRIGGER_LOOKALIKES: readonly string[] = [
  '\u2212', // minus sign
  '\u2010', // hyphen
  '\u2011', // non-breaking hyphen
  '\u2012', // figure dash
  '\u2013', // en dash
  '\u2795', // heavy plus
  '\u2796', // heavy minus
];

/**
 * What a spreadsheet may skip before the first character it reads: white space of any kind (the no-break
 * and ideographic spaces too), the byte order mark and the other format characters (zero-width spaces and
 * joiners, direction marks), and control characters. A trigger after them still triggers.
 */
const SKIPPED = /^[\p{White_Space}\p{Cf}\p{Cc}]*/u;

/** Where a line ends inside a cell: a parser that splits lines there reads what follows as a new row. */
const LINE_BREAK = /(\r\n|[\n\r\v\f\u0085\u2028\u2029])/u;

const TRIGGERS = new Set([...FORMULA_TRIGGERS, ...FORMULA_TRIGGER_LOOKALIKES]);

/** Whether a spreadsheet could read `line` as a formula: a trigger first, or after what it skips, in any form. */
function startsAFormula(line: string): boolean {
  if (TRIGGERS.has(line.charAt(0))) return true;
  const first = String.fromCodePoint(line.codePointAt(SKIPPED.exec(line)![0].length) ?? 0x20);
  return TRIGGERS.has(first) || TRIGGERS.has(first.normalize('NFKC').charAt(0));
}

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

/**
 * A text as a cell: guarded against formulas (the cell, and each line inside it, that could start one gets
 * the guard), then quoted when it holds a separator, a quote or a line end.
 */
export function csvCell(text: string): string {
  // The lines, with the breaks between them (odd items); the first line is read as the whole cell, so that
  // line breaks before a trigger are skipped as a spreadsheet skips them.
  const parts = text.split(LINE_BREAK);
  const guarded = parts
    .map((part, index) =>
      index % 2 === 0 && startsAFormula(index === 0 ? text : part) ? `${FORMULA_GUARD}${part}` : part,
    )
    .join('');
  return QUOTED.some((char) => guarded.includes(char)) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** Cells already written by csvCell (or plain numbers), as one line. */
export const csvLine = (cells: readonly string[]) => `${cells.join(CSV_SEPARATOR)}${CSV_LINE_END}`;

/** The file's name: the resource and the day, e.g. `users-2026-11-27.csv`. */
export const exportFilename = (resource: string, day: Date) => `${resource}-${day.toISOString().slice(0, 10)}.csv`;
