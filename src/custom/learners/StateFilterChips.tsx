import { Chip, Stack } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { LEARNER_STATES, type LearnerState } from '../../domain/learning';
import { STATE_COLOR } from './LearnerStateChip';

const statesOf = (value: unknown): LearnerState[] =>
  (Array.isArray(value) ? value : value ? [value] : []).filter((state): state is LearnerState =>
    (LEARNER_STATES as readonly unknown[]).includes(state),
  );

/**
 * The list's state filter as a row of chips, any of them at once (`state[]=late&state[]=at_risk`): a chip
 * pressed narrows the list to its state, pressed again lets it go. Read from the list's filter, so that a
 * link with `?filter={"state":["late"]}` opens with « En retard » pressed.
 */
export function StateFilterChips() {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const chosen = statesOf(filterValues.state);
  const toggle = (state: LearnerState) => {
    const next = chosen.includes(state) ? chosen.filter((one) => one !== state) : [...chosen, state];
    const { state: _, ...others } = filterValues;
    setFilters(next.length > 0 ? { ...others, state: next } : others, displayedFilters, false);
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label={translate('app.learning.learners.state_filter')}
      sx={{ flexWrap: 'wrap' }}
    >
      {LEARNER_STATES.map((state) => {
        const pressed = chosen.includes(state);
        return (
          <Chip
            key={state}
            label={translate(`choices.learnerState.${state}`)}
            color={pressed ? STATE_COLOR[state] : 'default'}
            variant={pressed ? 'filled' : 'outlined'}
            onClick={() => toggle(state)}
            aria-pressed={pressed}
            component="button"
          />
        );
      })}
    </Stack>
  );
}
