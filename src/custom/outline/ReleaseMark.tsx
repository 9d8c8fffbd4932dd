import { Box, Chip, Typography } from '@mui/material';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useTranslate } from 'react-admin';
import { DEFAULT_TIME_ZONE, formatReleaseDate } from '../../domain/releases';
import { useOutline } from './OutlineContext';

/**
 * A node learners do not get yet: "Programmé", and when, on the clock of the course's structure. The date
 * gives way to the title on a phone; the chip still says it to whoever points at it or reads it aloud.
 */
export function ReleaseMark({ releaseAt }: { releaseAt: string }) {
  const translate = useTranslate();
  const { outline } = useOutline();
  const date = formatReleaseDate(releaseAt, outline.timeZone ?? DEFAULT_TIME_ZONE);
  const said = translate('app.outline.release.mark_title', { date });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
      <Chip
        size="small"
        color="info"
        variant="outlined"
        icon={<ScheduleIcon />}
        label={translate('app.outline.release.mark')}
        title={said}
        aria-label={said}
        data-release-mark
      />
      <Typography
        variant="caption"
        color="text.secondary"
        aria-hidden
        sx={{ display: { xs: 'none', sm: 'inline' }, whiteSpace: 'nowrap' }}
      >
        {date}
      </Typography>
    </Box>
  );
}
