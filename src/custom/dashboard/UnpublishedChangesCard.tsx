import { CoursesCard } from './CoursesCard';

/** The courses' filter for published courses whose draft differs from what learners have. */
const UNPUBLISHED = { unpublishedChanges: true };

/**
 * An author's published courses with changes not published yet: how many and the latest updated, each
 * opening its outline, where the changes are marked and published.
 */
export function UnpublishedChangesCard() {
  return (
    <CoursesCard
      filter={UNPUBLISHED}
      title="app.dashboard.unpublished.title"
      figure="app.dashboard.unpublished.figure"
      empty="app.dashboard.unpublished.empty"
      testId="card-unpublished"
    />
  );
}
