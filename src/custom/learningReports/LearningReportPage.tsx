import { useId, useMemo } from 'react';
import { Alert, Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Navigate, useSearchParams } from 'react-router-dom';
import { hasRole } from '../../domain/roles';
import { isPlatformStaff } from '../../domain/tenancy';
import { sessionStore } from '../../providers/sessionStore';
import { Loader } from '../Loader';
import { useSessionStructure, useStructureChoice } from '../tenancy/useSessionStructure';
import { CourseCompletionChart } from './CourseCompletionChart';
import { CourseRiskChart } from './CourseRiskChart';
import { RefreshedAt } from './RefreshedAt';
import { ReportExportButton } from './ReportExportButton';
import { ReportFilters } from './ReportFilters';
import { reportParamsOf, searchOfReport } from './reportPeriod';
import { ReportSubscriptionSwitch } from './ReportSubscriptionSwitch';
import { ReportTotals } from './ReportTotals';
import { StructureCharts } from './StructureCharts';
import { TimelineChart } from './TimelineChart';
import { useLearningReport } from './useLearningReport';
import './messages';

/**
 * « Suivi » (`#/learning`), a structure's administrators': for a period and a course, how many learners are
 * enrolled, completed, late and at risk, the completion rate of each course, enrolments and completions week by
 * week, and for platform staff over every structure the same by structure. Each chart has its table and its
 * CSV, each bar and figure leads to the learners it counts; the whole report downloads as the server writes
 * it, and its weekly e-mail is one switch away.
 */
export function LearningReportPage() {
  const translate = useTranslate();
  const today = useMemo(() => new Date(), []);
  const [search, setSearch] = useSearchParams();
  const params = reportParamsOf(search, today);
  const { allStructures } = useSessionStructure();
  const [choice] = useStructureChoice();
  const roles = sessionStore.getRoles();
  const admin = hasRole(roles, 'ROLE_ADMIN');
  const query = useLearningReport(params, admin);
  const subscriptionHeading = useId();
  if (!admin) return <Navigate to="/" replace />;
  const report = query.data;
  const empty = report !== undefined && report.totals.enrolled === 0 && report.courses.length === 0;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }} data-testid="learning-report">
      <Title title={translate('app.learning_reports.title')} />
      <Stack spacing={2}>
        {isPlatformStaff(roles) && (
          <Typography color="text.secondary">
            {allStructures
              ? translate('app.learning_reports.scope_all')
              : translate('app.learning_reports.scope_one', { name: choice?.name ?? '' })}
          </Typography>
        )}
        <ReportFilters
          value={params}
          today={today}
          onChange={(next) => setSearch(searchOfReport(next), { replace: true })}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          {report ? <RefreshedAt at={report.refreshedAt} /> : <span />}
          {report && !empty && <ReportExportButton params={params} />}
        </Box>
        {/* Former figures stay while new ones come: a thin bar says they are on their way. */}
        <Box sx={{ height: 4 }}>
          {query.isFetching && report && <LinearProgress aria-label={translate('ra.page.loading')} />}
        </Box>
        {query.isPending && <Loader />}
        {query.error && !report && <Alert severity="error">{translate('app.learning_reports.load_error')}</Alert>}
        {empty && (
          <Typography color="text.secondary" data-testid="report-empty">
            {translate('app.learning_reports.empty')}
          </Typography>
        )}
        {report && !empty && (
          <>
            <ReportTotals totals={report.totals} course={params.course} />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                alignItems: 'start',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              <CourseCompletionChart courses={report.courses} />
              <TimelineChart weeks={report.timeline} course={params.course} />
              <CourseRiskChart courses={report.courses} />
              {report.structures.length > 0 && <StructureCharts structures={report.structures} />}
            </Box>
          </>
        )}
        <Card component="section" aria-labelledby={subscriptionHeading}>
          <CardContent>
            <Typography id={subscriptionHeading} component="h2" variant="h6" sx={{ mb: 1 }}>
              {translate('app.learning_reports.subscription.title')}
            </Typography>
            <ReportSubscriptionSwitch allStructures={allStructures} />
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
