import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LearnerState } from '../../domain/learning';

/** Each state's colour: late red, at risk orange, completed green; the others plain. */
export const STATE_COLOR = {
  completed: 'success',
  late: 'error',
  at_risk: 'warning',
  not_started: 'default',
  on_track: 'info',
} as const satisfies Record<LearnerState, string>;

/** Where a learner stands in a course, as a coloured chip of its French label. */
export function LearnerStateChip({ state }: { state: LearnerState | null | undefined }) {
  const translate = useTranslate();
  if (!state) return null;
  return (
    <Chip
      size="small"
      color={STATE_COLOR[state] ?? 'default'}
      label={translate(`choices.learnerState.${state}`, { _: state })}
      data-state={state}
    />
  );
}
