import { useTranslate } from 'react-admin';
import type { ReportWeek } from '../../domain/learningReports';
import { ChartSection } from './ChartSection';
import { useFigureFormat } from './figureFormat';
import { participationsLink, weekPeriod } from './learningLinks';
import type { ReportColumn } from './reportColumns';
import { ReportBarChart } from './ReportBarChart';

/**
 * Enrolments and completions week by week, a column of each. A column opens the learners behind it: those
 * enrolled that week, or who completed that week, of the chosen course when there is one.
 */
export function TimelineChart({ weeks, course }: { weeks: readonly ReportWeek[]; course?: number }) {
  const translate = useTranslate();
  const format = useFigureFormat();
  const title = translate('app.learning_reports.timeline.title');
  const weekLabel = (row: ReportWeek) => translate('app.learning_reports.timeline.week', { day: format.day(row.week) });
  // The week's learners: enrolled in it, or who completed in it; of the chosen course when there is one.
  const weekLink = (row: ReportWeek, date: 'enrolledAt' | 'completedAt') =>
    participationsLink({ ...(course === undefined ? {} : { course }), [date]: weekPeriod(row.week) });
  const enrolledLink = (row: ReportWeek) => weekLink(row, 'enrolledAt');
  const completedLink = (row: ReportWeek) => weekLink(row, 'completedAt');
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
        linkOf={(series, index) => {
          const row = weeks[index];
          if (!row) return undefined;
          return series === 'completed' ? completedLink(row) : enrolledLink(row);
        }}
      />
    </ChartSection>
  );
}
