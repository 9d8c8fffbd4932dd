import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFigureFormat } from './figureFormat';
import { dayOf } from './reportPeriod';

/**
 * « Données actualisées à 14:05 »: the figures come from aggregates a job refreshes, so the page says how
 * fresh they are (with the day, when it was not today).
 */
export function RefreshedAt({ at }: { at: string }) {
  const translate = useTranslate();
  const format = useFigureFormat();
  const today = dayOf(new Date()) === dayOf(new Date(at));
  return (
    <Typography variant="body2" color="text.secondary" data-testid="refreshed-at">
      {today
        ? translate('app.learning_reports.refreshed_at', { time: format.time(at) })
        : translate('app.learning_reports.refreshed_on', { day: format.day(at), time: format.time(at) })}
    </Typography>
  );
}
