import { Box } from '@mui/material';
import { DateInput, maxValue, minValue, NumberInput, RadioButtonGroupInput, required } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DUE_DAYS_MAX } from '../../domain/learning';
import { DUE_MODES, type DueMode } from './enrolmentForm';

const CHOICES = DUE_MODES.map((mode) => ({ id: mode, name: `app.learning.enrol.due_modes.${mode}` }));
const DAYS = [required(), minValue(1), maxValue(DUE_DAYS_MAX)];
const AT = [required()];
const WIDTH = { width: { xs: '100%', sm: 240 } };

/** The enrolment's due date: none, a fixed day, or a number of days after each one's enrolment. */
export function DueInputs() {
  const mode = useWatch({ name: 'dueMode' }) as DueMode;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
      <RadioButtonGroupInput source="dueMode" label="app.learning.enrol.due" choices={CHOICES} helperText={false} />
      {mode === 'at' && (
        <DateInput source="dueAt" label="app.learning.enrol.due_at" validate={AT} fullWidth={false} sx={WIDTH} />
      )}
      {mode === 'days' && (
        <NumberInput
          source="dueDays"
          label="app.learning.enrol.due_days"
          min={1}
          max={DUE_DAYS_MAX}
          step={1}
          validate={DAYS}
          fullWidth={false}
          sx={WIDTH}
        />
      )}
    </Box>
  );
}
