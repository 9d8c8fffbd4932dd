import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A progress as a bar and its figure ("42 %"), the bar named for a screen reader. */
export function ProgressValue({ value, name }: { value: number | null | undefined; name: string }) {
  const translate = useTranslate();
  const progress = Math.max(0, Math.min(100, Number(value ?? 0)));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 120 }}>
      <LinearProgress
        variant="determinate"
        value={progress}
        aria-label={translate('app.learning.progress_of', { name })}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" component="span" sx={{ minWidth: 40, textAlign: 'right' }}>
        {translate('app.learning.percent', { value: progress })}
      </Typography>
    </Box>
  );
}
