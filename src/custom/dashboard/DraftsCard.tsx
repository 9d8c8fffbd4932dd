import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { ListCountCard } from './ListCountCard';

const DRAFT = { status: 'draft' };
const LATEST = { field: 'updatedAt', order: 'DESC' } as const;

/**
 * An author's drafts: how many courses are in draft (a link to the list so filtered) and the latest
 * changed, each opening its outline.
 */
export function DraftsCard() {
  const translate = useTranslate();
  return (
    <ListCountCard
      resource="courses"
      filter={DRAFT}
      sort={LATEST}
      rows={5}
      title="app.dashboard.drafts.title"
      figure="app.dashboard.drafts.figure"
      empty="app.dashboard.drafts.empty"
      testId="card-drafts"
      row={(course) => (
        <Link
          component={RouterLink}
          to={`/courses/${course.id}/outline`}
          aria-label={translate('app.dashboard.drafts.outline', { title: course.title })}
        >
          {course.title as string}
        </Link>
      )}
    />
  );
}
