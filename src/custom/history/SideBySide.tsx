import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useTranslate } from 'react-admin';
import './messages';

/** One side of a change, under its caption. */
function Side({ side, children }: { side: 'before' | 'after'; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box data-side={side} sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="div" color="text.secondary">
        {translate(side === 'before' ? 'app.history.before' : 'app.history.after')}
      </Typography>
      {children}
    </Box>
  );
}

/** A value before and after a change, side by side (one under the other on a narrow screen). */
export function SideBySide({ before, after }: { before: ReactNode; after: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto minmax(0, 1fr)' },
        alignItems: 'start',
        gap: 1,
      }}
    >
      <Side side="before">{before}</Side>
      <ArrowForwardIcon
        fontSize="small"
        aria-hidden
        sx={{ color: 'text.secondary', mt: 2, display: { xs: 'none', sm: 'block' } }}
      />
      <Side side="after">{after}</Side>
    </Box>
  );
}
