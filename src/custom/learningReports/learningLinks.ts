import type { LearnerState } from '../../domain/learning';
import { DEFAULT_TIME_ZONE } from '../../domain/releases';
import { edgeOfDay } from '../crud/periodDays';
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

/**
 * A report's week (its Monday, `YYYY-MM-DD`) as a period filter on a date of the participations: from the
 * Monday's first instant to the Sunday's last, on the platform's clock, as the report counts its days.
 */
export function weekPeriod(monday: string): { after?: string; before?: string } {
  const sunday = new Date(`${monday}T00:00:00Z`);
  sunday.setUTCDate(sunday.getUTCDate() + 6);
  return {
    after: edgeOfDay(monday, 'start', DEFAULT_TIME_ZONE),
    before: edgeOfDay(sunday.toISOString().slice(0, 10), 'end', DEFAULT_TIME_ZONE),
  };
}
