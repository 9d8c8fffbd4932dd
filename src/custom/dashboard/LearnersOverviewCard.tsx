import { Box, Link, List, ListItem, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import type { LearnerState } from '../../domain/learning';
import { OVERVIEW_ITEMS, type LearningOverview, type OverviewItem } from '../../domain/learningReports';
import { courseLearnersPage } from '../learners/learnerPages';
import { cardStateOf, DashboardCard } from './DashboardCard';
import { FigureLink } from './FigureLink';
import { useLearningOverview } from './useLearningOverview';

const ONE_LINE = '\u00a0';
// Each learner's two lines are kept to one line each: the card is as tall from its first paint as with them.
const ONE_LINE_SX = { noWrap: true, sx: { overflow: 'hidden', textOverflow: 'ellipsis' } } as const;

/**
 * Learners of the home page, late or due this week (`GET /api/learning/overview`, the request both cards
 * share): how many, a link to their enrolments when the session lists them, and the first five, each with
 * their course and due date and a link to that course's learners (narrowed to `states`).
 */
export function LearnersOverviewCard({
  group,
  states,
  figureLink,
  title,
  figure,
  empty,
  testId,
}: {
  group: 'late' | 'dueThisWeek';
  /** The states the course's learners page is narrowed to from a learner's line. */
  states: readonly LearnerState[];
  /** Where the count leads, if anywhere. */
  figureLink?: string;
  title: string;
  figure: string;
  empty: string;
  testId: string;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const query = useLearningOverview();
  const learners: LearningOverview['late'] | undefined = query.data?.[group];
  const dueOf = (item: OverviewItem) =>
    item.dueAt
      ? translate('app.dashboard.learners.due', {
          // A due date is the end of its day in UTC (src/domain/learning.ts): read in Paris, 23:59 UTC is the next day.
          date: new Date(item.dueAt).toLocaleDateString(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
        })
      : translate('app.dashboard.learners.no_due');
  const count = (value: number) =>
    figureLink ? (
      <FigureLink to={figureLink} value={value} label={translate(figure)} alert={group === 'late'} />
    ) : (
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, py: 0.5 }}>
        <Box component="span" sx={{ fontSize: '1.5rem', fontWeight: 600, minWidth: '2.5ch' }}>
          {value.toLocaleString(locale)}
        </Box>
        <span>{translate(figure)}</span>
      </Box>
    );
  const placeholder = (
    <>
      {count(0)}
      <List dense disablePadding>
        {Array.from({ length: OVERVIEW_ITEMS }, (_, index) => (
          <ListItem key={index} disableGutters>
            <ListItemText primary={ONE_LINE} secondary={ONE_LINE} />
          </ListItem>
        ))}
      </List>
    </>
  );
  return (
    <DashboardCard
      title={title}
      state={cardStateOf(query, !learners || learners.count === 0)}
      empty={empty}
      testId={testId}
      placeholder={placeholder}
    >
      {learners && (
        <>
          {count(learners.count)}
          <List dense disablePadding>
            {learners.items.slice(0, OVERVIEW_ITEMS).map((item) => (
              <ListItem key={String(item.participation)} disableGutters>
                <ListItemText
                  primary={
                    <Link
                      component={RouterLink}
                      to={courseLearnersPage(item.course.id, states)}
                      aria-label={translate('app.dashboard.learners.open', {
                        name: item.learner.name,
                        course: item.course.title,
                      })}
                    >
                      {item.learner.name}
                    </Link>
                  }
                  // The due day first: a phone cuts the end of the line.
                  secondary={`${dueOf(item)} · ${item.course.title}`}
                  slotProps={{ primary: ONE_LINE_SX, secondary: ONE_LINE_SX }}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </DashboardCard>
  );
}
