import { Box, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReportParams } from '../../domain/learningReports';
import { PERIOD_PRESETS, presetOf, presetPeriod, type Period, type PeriodPreset } from './reportPeriod';
import { ReportCourseFilter } from './ReportCourseFilter';

/**
 * What the figures are narrowed to: a period (a preset in one click, or its two ends) and a course. Each
 * change is the page's address, so a reload or a link keeps it.
 */
export function ReportFilters({
  value,
  onChange,
  today,
}: {
  value: ReportParams & Period;
  onChange: (next: ReportParams & Period) => void;
  today: Date;
}) {
  const translate = useTranslate();
  const preset = presetOf(value, today) ?? null;
  // A day typed half-way is empty in a date field: the period keeps its end until a whole day is there.
  const setEnd = (end: 'from' | 'to', day: string) => {
    if (!day) return;
    const next = { ...value, [end]: day };
    if (next.from > next.to) next[end === 'from' ? 'to' : 'from'] = day;
    onChange(next);
  };
  return (
    <Box
      role="group"
      aria-label={translate('app.learning_reports.filters.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        value={preset}
        aria-label={translate('app.learning_reports.filters.period')}
        onChange={(_, chosen: PeriodPreset | null) => {
          if (chosen) onChange({ ...value, ...presetPeriod(chosen, today) });
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {PERIOD_PRESETS.map((name) => (
          <ToggleButton key={name} value={name} sx={{ textTransform: 'none' }}>
            {translate(`app.learning_reports.presets.${name}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField
          type="date"
          size="small"
          fullWidth={false}
          sx={{ width: 165 }}
          label={translate('app.learning_reports.filters.from')}
          value={value.from}
          onChange={(event) => setEnd('from', event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.to } }}
        />
        <TextField
          type="date"
          size="small"
          fullWidth={false}
          sx={{ width: 165 }}
          label={translate('app.learning_reports.filters.to')}
          value={value.to}
          onChange={(event) => setEnd('to', event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.from } }}
        />
      </Box>
      <ReportCourseFilter value={value.course} onChange={(course) => onChange({ ...value, course })} />
    </Box>
  );
}
