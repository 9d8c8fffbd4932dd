import { useTranslate } from 'react-admin';
import type { LearningReport } from '../../domain/learningReports';
import { ChartSection } from './ChartSection';
import { courseLearnersPage } from '../learners/learnerPages';
import { courseFunnelLink } from './learningRoutes';
import { chartedRows, type ReportColumn } from './reportColumns';
import { ReportBarChart } from './ReportBarChart';

type CourseRow = LearningReport['courses'][number];

/**
 * The completion rate of each course: a bar a course, which opens the learners who completed it; its table
 * also leads to each course's enrolled learners and to its funnel.
 */
export function CourseCompletionChart({ courses }: { courses: readonly CourseRow[] }) {
  const translate = useTranslate();
  const title = translate('app.learning_reports.completion.title');
  const charted = chartedRows(courses, (row) => row.enrolled);
  const columns: ReportColumn<CourseRow>[] = [
    { key: 'course', label: translate('app.learning_reports.columns.course'), value: (row) => row.course.title },
    {
      key: 'enrolled',
      label: translate('app.learning_reports.columns.enrolled'),
      value: (row) => row.enrolled,
      link: (row) => courseLearnersPage(row.course.id),
    },
    {
      key: 'completed',
      label: translate('app.learning_reports.columns.completed'),
      value: (row) => row.completed,
      link: (row) => courseLearnersPage(row.course.id, ['completed']),
    },
    {
      key: 'completionRate',
      label: translate('app.learning_reports.columns.completion_rate'),
      value: (row) => row.completionRate,
      percent: true,
    },
    {
      key: 'funnel',
      label: translate('app.learning_reports.columns.funnel'),
      value: () => translate('app.learning_reports.funnel'),
      link: (row) => courseFunnelLink(row.course.id),
      linkLabel: (row) => translate('app.learning_reports.funnel_named', { title: row.course.title }),
    },
  ];
  return (
    <ChartSection
      title={title}
      hint={translate('app.learning_reports.completion.hint')}
      columns={columns}
      rows={courses}
      rowKey={(row) => row.course.id}
      filename="suivi-completion"
      testId="chart-completion"
      charted={charted.length}
    >
      <ReportBarChart
        title={title}
        categories={charted.map((row) => row.course.title)}
        series={[
          {
            id: 'completionRate',
            label: translate('app.learning_reports.columns.completion_rate'),
            data: charted.map((row) => row.completionRate),
            percent: true,
            color: 'success',
          },
        ]}
        linkOf={(_, index) => courseLearnersPage(charted[index].course.id, ['completed'])}
      />
    </ChartSection>
  );
}
