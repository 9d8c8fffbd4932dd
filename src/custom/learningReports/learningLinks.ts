import type { LearnerState } from '../../domain/learning';
import { listLink } from '../dashboard/listLink';

/**
 * The enrolments of every course, narrowed (a structure, some states, a status): where a figure that no one
 * course holds leads, in the participations' list.
 */
export const participationsLink = (filter: Record<string, unknown>): string => listLink('participations', filter);

/** The learners' state a report's figure counts (`atRisk` → `at_risk`), for the links of its bars. */
export const STATE_OF_FIGURE = { completed: 'completed', late: 'late', atRisk: 'at_risk' } as const satisfies Record<
  string,
  LearnerState
>;
export const stateOfFigure = (figure: string): LearnerState[] =>
  figure in STATE_OF_FIGURE ? [STATE_OF_FIGURE[figure as keyof typeof STATE_OF_FIGURE]] : [];
