/** One column of a chart's figures: its label, each row's value, and where a cell leads. */
export interface ReportColumn<R> {
  key: string;
  /** The column's heading, already in the user's language. */
  label: string;
  /** A count or a share (`percent`), or a text (the row's name). */
  value: (row: R) => number | string;
  percent?: boolean;
  /** The learners a cell counts, when they can be listed. */
  link?: (row: R) => string | undefined;
  /** The link's name when its text alone would not say where it leads (a figure, a word repeated a row). */
  linkLabel?: (row: R) => string;
}

/** The most categories a chart draws: beyond, its bars would be a wall; its table and CSV keep every row. */
export const CHART_MAX_CATEGORIES = 15;

/** The rows a chart draws: the heaviest by `weight` (the most enrolled...), in their order of the table. */
export function chartedRows<R>(rows: readonly R[], weight: (row: R) => number): readonly R[] {
  if (rows.length <= CHART_MAX_CATEGORIES) return rows;
  const kept = new Set([...rows].sort((a, b) => weight(b) - weight(a)).slice(0, CHART_MAX_CATEGORIES));
  return rows.filter((row) => kept.has(row));
}
