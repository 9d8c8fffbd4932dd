import { useMemo } from 'react';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { lineDiff, type DiffRow } from './lineDiff';
import './messages';

const SIGN = { removed: '−', added: '+', same: ' ' } as const;

// Dark text on light tints: readable (contrast) whatever the line says; the sign tells it without colour.
const LINE_SX = {
  removed: { bgcolor: '#ffebe9', textDecoration: 'none' },
  added: { bgcolor: '#e6ffec', textDecoration: 'none' },
  same: {},
} as const;

const ELEMENT = { removed: 'del', added: 'ins', same: 'span' } as const;

function Row({ row }: { row: DiffRow }) {
  const translate = useTranslate();
  if (row.kind === 'gap')
    return (
      <Box component="div" sx={{ color: 'text.secondary', fontStyle: 'italic', px: 1 }}>
        {translate('app.history.same_lines', { smart_count: row.count })}
      </Box>
    );
  return (
    <Box
      component={ELEMENT[row.kind]}
      data-change={row.kind}
      sx={{ display: 'flex', color: 'text.primary', ...LINE_SX[row.kind] }}
    >
      <Box component="span" aria-hidden sx={{ flex: '0 0 1.5em', textAlign: 'center', userSelect: 'none' }}>
        {SIGN[row.kind]}
      </Box>
      <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
        {row.text === '' ? '\u00a0' : row.text}
      </Box>
    </Box>
  );
}

/**
 * A text's change as lines (a Markdown text, a description): each removed line (−, `<del>`) and added line
 * (+, `<ins>`), with a little of the unchanged text around them.
 */
export function TextDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const rows = useMemo(() => lineDiff(before, after), [before, after]);
  return (
    // A long difference scrolls in its box, which the keyboard must reach too.
    <Box
      role="group"
      aria-label={label}
      tabIndex={0}
      sx={{
        fontFamily: 'monospace',
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        py: 0.5,
        maxHeight: 480,
        overflow: 'auto',
      }}
    >
      {rows.map((row, index) => (
        <Row key={index} row={row} />
      ))}
    </Box>
  );
}
