import { useTranslate } from 'react-admin';
import type { LearningReport } from '../../domain/learningReports';
import { ChartSection } from './ChartSection';
import { stateOfFigure } from './learningLinks';
import { courseLearnersPage } from '../learners/learnerPages';
import { chartedRows, type ReportColumn } from './reportColumns';
import { ReportBarChart } from './ReportBarChart';

type CourseRow = LearningReport['courses'][number];

/** The late and at-risk learners of each course: a bar of each, which opens those learners. */
export function CourseRiskChart({ courses }: { courses: readonly CourseRow[] }) {
  const translate = useTranslate();
  const title = translate('app.learning_reports.risk.title');
  // A course with no one behind or at risk would only be an empty line.
  const shown = courses.filter((row) => row.late > 0 || row.atRisk > 0);
  const charted = chartedRows(shown, (row) => row.late + row.atRisk);
  const columns: ReportColumn<CourseRow>[] = [
    { key: 'course', label: translate('app.learning_reports.columns.course'), value: (row) => row.course.title },
    {
      key: 'late',
      label: translate('app.learning_reports.columns.late'),
      value: (row) => row.late,
      link: (row) => courseLearnersPage(row.course.id, ['late']),
    },
    {
      key: 'atRisk',
      label: translate('app.learning_reports.columns.at_risk'),
      value: (row) => row.atRisk,
      link: (row) => courseLearnersPage(row.course.id, ['at_risk']),
    },
  ];
  return (
    <ChartSection
      title={title}
      hint={translate('app.learning_reports.risk.hint')}
      columns={columns}
      rows={shown}
      rowKey={(row) => row.course.id}
      filename="suivi-retards"
      testId="chart-risk"
      empty="app.learning_reports.risk.empty"
      charted={charted.length}
    >
      <ReportBarChart
        title={title}
        categories={charted.map((row) => row.course.title)}
        series={[
          {
            id: 'late',
            label: translate('app.learning_reports.columns.late'),
            data: charted.map((row) => row.late),
            color: 'error',
          },
          {
            id: 'atRisk',
            label: translate('app.learning_reports.columns.at_risk'),
            data: charted.map((row) => row.atRisk),
            color: 'warning',
          },
        ]}
        linkOf={(series, index) => courseLearnersPage(charted[index].course.id, stateOfFigure(series))}
      />
    </ChartSection>
  );
}
