import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useFigureFormat } from './figureFormat';
import type { ReportColumn } from './reportColumns';

const NAME_SX = { minWidth: 140, overflowWrap: 'break-word' } as const;

/**
 * A chart's figures as a table, for whoever does not read the chart: named by its caption, each row headed
 * by its first column (the course, the week, the structure), each figure a link to the learners it counts
 * where they can be listed. It scrolls sideways on a phone rather than widening the page.
 */
export function ReportTable<R>({
  id,
  caption,
  columns,
  rows,
  rowKey,
}: {
  id?: string;
  caption: string;
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
}) {
  const format = useFigureFormat();
  const text = (column: ReportColumn<R>, row: R) => {
    const value = column.value(row);
    if (typeof value === 'string') return value;
    return column.percent ? format.percent(value) : format.count(value);
  };
  return (
    <TableContainer id={id} sx={{ overflowX: 'auto', mt: 1 }}>
      <Table size="small" sx={{ '& caption': { captionSide: 'top', px: 0, pt: 0 } }}>
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            {columns.map((column, index) => (
              <TableCell
                key={column.key}
                align={
                  index === 0 || (rows[0] !== undefined && typeof column.value(rows[0]) === 'string') ? 'left' : 'right'
                }
                scope="col"
              >
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column, index) => {
                const link = column.link?.(row);
                const content = link ? (
                  <Link component={RouterLink} to={link} aria-label={column.linkLabel?.(row)}>
                    {text(column, row)}
                  </Link>
                ) : (
                  text(column, row)
                );
                // Names wrap between their words and keep a readable width; figures stay on one line, right-aligned.
                if (index === 0)
                  return (
                    <TableCell key={column.key} component="th" scope="row" sx={NAME_SX}>
                      {content}
                    </TableCell>
                  );
                return typeof column.value(row) === 'string' ? (
                  <TableCell key={column.key} sx={{ overflowWrap: 'break-word' }}>
                    {content}
                  </TableCell>
                ) : (
                  <TableCell key={column.key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {content}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
