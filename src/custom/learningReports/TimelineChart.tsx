import { useTranslate } from 'react-admin';
import type { ReportWeek } from '../../domain/learningReports';
import { ChartSection } from './ChartSection';
import { useFigureFormat } from './figureFormat';
import { participationsLink } from './learningLinks';
import { courseLearnersPage } from '../learners/learnerPages';
import type { ReportColumn } from './reportColumns';
import { ReportBarChart } from './ReportBarChart';

/**
 * Enrolments and completions week by week, a column of each. A column opens the learners behind it: the
 * chosen course's, else every course's enrolments (the completed ones for a completions column).
 */
export function TimelineChart({ weeks, course }: { weeks: readonly ReportWeek[]; course?: number }) {
  const translate = useTranslate();
  const format = useFigureFormat();
  const title = translate('app.learning_reports.timeline.title');
  const weekLabel = (row: ReportWeek) => translate('app.learning_reports.timeline.week', { day: format.day(row.week) });
  const enrolledLink = () => (course === undefined ? participationsLink({}) : courseLearnersPage(course));
  const completedLink = () =>
    course === undefined ? participationsLink({ state: ['completed'] }) : courseLearnersPage(course, ['completed']);
  const columns: ReportColumn<ReportWeek>[] = [
    { key: 'week', label: translate('app.learning_reports.columns.week'), value: weekLabel },
    {
      key: 'enrolled',
      label: translate('app.learning_reports.columns.enrolments'),
      value: (row) => row.enrolled,
      link: enrolledLink,
    },
    {
      key: 'completed',
      label: translate('app.learning_reports.columns.completions'),
      value: (row) => row.completed,
      link: completedLink,
    },
  ];
  return (
    <ChartSection
      title={title}
      hint={translate('app.learning_reports.timeline.hint')}
      columns={columns}
      rows={weeks}
      rowKey={(row) => row.week}
      filename="suivi-semaines"
      testId="chart-timeline"
    >
      <ReportBarChart
        title={title}
        layout="vertical"
        categories={weeks.map((row) => format.day(row.week))}
        series={[
          {
            id: 'enrolled',
            label: translate('app.learning_reports.columns.enrolments'),
            data: weeks.map((row) => row.enrolled),
            color: 'primary',
          },
          {
            id: 'completed',
            label: translate('app.learning_reports.columns.completions'),
            data: weeks.map((row) => row.completed),
            color: 'success',
          },
        ]}
        linkOf={(series) => (series === 'completed' ? completedLink() : enrolledLink())}
      />
    </ChartSection>
  );
}
