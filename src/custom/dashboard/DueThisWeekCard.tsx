import { LearnersOverviewCard } from './LearnersOverviewCard';

const NO_STATE = [] as const;

/**
 * « Échéances de la semaine »: the learners whose due date comes this week and who have not completed,
 * counted, the first five each opening their course's learners.
 */
export function DueThisWeekCard() {
  return (
    <LearnersOverviewCard
      group="dueThisWeek"
      states={NO_STATE}
      title="app.dashboard.learners.due_this_week.title"
      figure="app.dashboard.learners.due_this_week.figure"
      empty="app.dashboard.learners.due_this_week.empty"
      testId="card-due-this-week"
    />
  );
}
