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
