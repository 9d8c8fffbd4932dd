import { sessionAllows } from '../../providers/authProvider';
import { participationsLink } from '../learningReports/learningLinks';
import { LearnersOverviewCard } from './LearnersOverviewCard';

const LATE = ['late'] as const;

/**
 * « Apprenants en retard »: the learners past their due date, counted, the first five each opening their
 * course's late learners; the count opens every late enrolment, for a session that lists them.
 */
export function LateLearnersCard() {
  return (
    <LearnersOverviewCard
      group="late"
      states={LATE}
      figureLink={sessionAllows('participations', 'list') ? participationsLink({ state: LATE }) : undefined}
      title="app.dashboard.learners.late.title"
      figure="app.dashboard.learners.late.figure"
      empty="app.dashboard.learners.late.empty"
      testId="card-late-learners"
    />
  );
}
