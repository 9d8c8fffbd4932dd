import { CoursesCard } from './CoursesCard';

const DRAFT = { status: 'draft' };

/** An author's drafts: how many courses are in draft and the latest changed, each opening its outline. */
export function DraftsCard() {
  return (
    <CoursesCard
      filter={DRAFT}
      title="app.dashboard.drafts.title"
      figure="app.dashboard.drafts.figure"
      empty="app.dashboard.drafts.empty"
      testId="card-drafts"
    />
  );
}
