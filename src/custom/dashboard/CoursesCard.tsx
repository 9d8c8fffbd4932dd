import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { ListCountCard } from './ListCountCard';

const LATEST = { field: 'updatedAt', order: 'DESC' } as const;

export interface CoursesCardProps {
  /** The courses' list filter the card counts. */
  filter: Record<string, unknown>;
  /** The card's words (keys of the i18n messages). */
  title: string;
  figure: string;
  empty: string;
  testId: string;
}

/**
 * An author's courses of one kind (in draft, with unpublished changes): how many (a link to the courses' list
 * so filtered) and the latest updated, each opening its outline.
 */
export function CoursesCard({ filter, title, figure, empty, testId }: CoursesCardProps) {
  const translate = useTranslate();
  return (
    <ListCountCard
      resource="courses"
      filter={filter}
      sort={LATEST}
      rows={5}
      title={title}
      figure={figure}
      empty={empty}
      testId={testId}
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
