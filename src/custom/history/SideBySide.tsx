import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useTranslate } from 'react-admin';
import './messages';

/** A value before and after a change, side by side (one under the other on a narrow screen). */
export function SideBySide({ before, after }: { before: ReactNode; after: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto minmax(0, 1fr)' },
        alignItems: 'start',
        gap: 1,
      }}
    >
      <Box data-side="before" sx={{ minWidth: 0 }}>
        <Typography variant="caption" component="div" color="text.secondary">
          {translate('app.history.before')}
        </Typography>
        {before}
      </Box>
      <ArrowForwardIcon
        fontSize="small"
        aria-hidden
        sx={{ color: 'text.secondary', mt: 2, display: { xs: 'none', sm: 'block' } }}
      />
      <Box data-side="after" sx={{ minWidth: 0 }}>
        <Typography variant="caption" component="div" color="text.secondary">
          {translate('app.history.after')}
        </Typography>
        {after}
      </Box>
    </Box>
  );
}
