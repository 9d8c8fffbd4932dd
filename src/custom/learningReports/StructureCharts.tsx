import { useTranslate } from 'react-admin';
import type { LearnerState } from '../../domain/learning';
import type { LearningReport } from '../../domain/learningReports';
import { STRUCTURE_FIELD } from '../../domain/tenancy';
import { ChartSection } from './ChartSection';
import { participationsLink, stateOfFigure } from './learningLinks';
import { chartedRows, type ReportColumn } from './reportColumns';
import { ReportBarChart } from './ReportBarChart';

type StructureRow = LearningReport['structures'][number];

/** The enrolments of one structure, in some states: the participations' list narrowed by its structure filter. */
const structureLink = (row: StructureRow, states: readonly LearnerState[] = []) =>
  participationsLink({ [STRUCTURE_FIELD]: row.structure.id, ...(states.length > 0 ? { state: states } : {}) });

/**
 * For platform staff over every structure: the completion rate of each structure, then its late and at-risk
 * learners, each bar opening the enrolments it counts in that structure.
 */
export function StructureCharts({ structures }: { structures: readonly StructureRow[] }) {
  const translate = useTranslate();
  const completionTitle = translate('app.learning_reports.structures.completion');
  const riskTitle = translate('app.learning_reports.structures.risk');
  const name = {
    key: 'structure',
    label: translate('app.learning_reports.columns.structure'),
    value: (row: StructureRow) => row.structure.name,
  };
  const completionColumns: ReportColumn<StructureRow>[] = [
    name,
    {
      key: 'enrolled',
      label: translate('app.learning_reports.columns.enrolled'),
      value: (row) => row.enrolled,
      link: (row) => structureLink(row),
    },
    {
      key: 'completed',
      label: translate('app.learning_reports.columns.completed'),
      value: (row) => row.completed,
      link: (row) => structureLink(row, ['completed']),
    },
    {
      key: 'completionRate',
      label: translate('app.learning_reports.columns.completion_rate'),
      value: (row) => row.completionRate,
      percent: true,
    },
  ];
  const riskColumns: ReportColumn<StructureRow>[] = [
    name,
    {
      key: 'late',
      label: translate('app.learning_reports.columns.late'),
      value: (row) => row.late,
      link: (row) => structureLink(row, ['late']),
    },
    {
      key: 'atRisk',
      label: translate('app.learning_reports.columns.at_risk'),
      value: (row) => row.atRisk,
      link: (row) => structureLink(row, ['at_risk']),
    },
  ];
  const byEnrolled = chartedRows(structures, (row) => row.enrolled);
  const byRisk = chartedRows(structures, (row) => row.late + row.atRisk);
  return (
    <>
      <ChartSection
        title={completionTitle}
        columns={completionColumns}
        rows={structures}
        rowKey={(row) => row.structure.id}
        filename="suivi-structures"
        testId="chart-structures-completion"
        charted={byEnrolled.length}
      >
        <ReportBarChart
          title={completionTitle}
          categories={byEnrolled.map((row) => row.structure.name)}
          series={[
            {
              id: 'completionRate',
              label: translate('app.learning_reports.columns.completion_rate'),
              data: byEnrolled.map((row) => row.completionRate),
              percent: true,
              color: 'success',
            },
          ]}
          linkOf={(_, index) => structureLink(byEnrolled[index], ['completed'])}
        />
      </ChartSection>
      <ChartSection
        title={riskTitle}
        columns={riskColumns}
        rows={structures}
        rowKey={(row) => row.structure.id}
        filename="suivi-structures-retards"
        testId="chart-structures-risk"
        charted={byRisk.length}
      >
        <ReportBarChart
          title={riskTitle}
          categories={byRisk.map((row) => row.structure.name)}
          series={[
            {
              id: 'late',
              label: translate('app.learning_reports.columns.late'),
              data: byRisk.map((row) => row.late),
              color: 'error',
            },
            {
              id: 'atRisk',
              label: translate('app.learning_reports.columns.at_risk'),
              data: byRisk.map((row) => row.atRisk),
              color: 'warning',
            },
          ]}
          linkOf={(series, index) => structureLink(byRisk[index], stateOfFigure(series))}
        />
      </ChartSection>
    </>
  );
}
