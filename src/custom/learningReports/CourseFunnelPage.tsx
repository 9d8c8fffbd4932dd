import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import GroupIcon from '@mui/icons-material/Group';
import { useQuery } from '@tanstack/react-query';
import { HttpError, Title, useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { FunnelStep } from '../../domain/learningReports';
import type { AppDataProvider } from '../../providers/dataProvider';
import { Loader } from '../Loader';
import { ChartSection } from './ChartSection';
import { useFigureFormat } from './figureFormat';
import { courseLearnersPage } from '../learners/learnerPages';
import type { ReportColumn } from './reportColumns';
import { ReportBarChart } from './ReportBarChart';
import { RefreshedAt } from './RefreshedAt';
import './messages';

/**
 * A course's funnel (`#/courses/:id/funnel`): for each chapter, in the course's order, how many learners
 * reached it and how many validated it, so that its author sees where they drop off. A bar opens the
 * course's learners; the table says the same with each chapter's module and the share of the enrolled.
 */
export function CourseFunnelPage() {
  const translate = useTranslate();
  const format = useFigureFormat();
  const dataProvider = useDataProvider<AppDataProvider>();
  const course = Number(useParams().id);
  const query = useQuery({
    queryKey: ['learning-funnel', course],
    queryFn: ({ signal }) => dataProvider.getCourseFunnel(course, signal),
    enabled: Number.isInteger(course),
    // A course out of the session's reach is a 404: asking again would not change it.
    retry: (count, error) => !(error instanceof HttpError && error.status === 404) && count < 2,
  });
  const funnel = query.data;
  if (query.isPending && Number.isInteger(course)) return <Loader />;
  if (!funnel) {
    const missing = !Number.isInteger(course) || (query.error instanceof HttpError && query.error.status === 404);
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {translate(missing ? 'app.learning_reports.funnel_page.not_found' : 'app.learning_reports.load_error')}
      </Alert>
    );
  }
  const steps = [...funnel.steps].sort((a, b) => a.place - b.place);
  const title = translate('app.learning_reports.funnel_page.chart', { title: funnel.course.title });
  const share = (count: number) => (funnel.enrolled > 0 ? (100 * count) / funnel.enrolled : 0);
  const chapterName = (step: FunnelStep) => `${step.place}. ${step.chapter.title}`;
  const learners = courseLearnersPage(funnel.course.id);
  const columns: ReportColumn<FunnelStep>[] = [
    { key: 'chapter', label: translate('app.learning_reports.columns.chapter'), value: chapterName },
    { key: 'module', label: translate('app.learning_reports.columns.module'), value: (step) => step.module.title },
    {
      key: 'reached',
      label: translate('app.learning_reports.columns.reached'),
      value: (step) => step.reached,
      link: () => learners,
    },
    {
      key: 'validated',
      label: translate('app.learning_reports.columns.validated'),
      value: (step) => step.validated,
      link: () => learners,
    },
    {
      key: 'share',
      label: translate('app.learning_reports.columns.validated_share'),
      value: (step) => share(step.validated),
      percent: true,
    },
  ];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }} data-testid="course-funnel">
      <Title title={translate('app.learning_reports.funnel_page.title', { title: funnel.course.title })} />
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Box>
            <Typography>
              {translate('app.learning_reports.funnel_page.enrolled', {
                smart_count: funnel.enrolled,
                count: format.count(funnel.enrolled),
              })}
            </Typography>
            <RefreshedAt at={funnel.refreshedAt} />
          </Box>
          <Button component={RouterLink} to={learners} variant="outlined" size="small" startIcon={<GroupIcon />}>
            {translate('app.learning_reports.funnel_page.learners')}
          </Button>
        </Box>
        <ChartSection
          title={title}
          hint={translate('app.learning_reports.funnel_page.hint')}
          columns={columns}
          rows={steps}
          rowKey={(step) => step.chapter.id}
          filename={`entonnoir-${funnel.course.id}`}
          testId="chart-funnel"
          empty="app.learning_reports.funnel_page.empty"
        >
          <ReportBarChart
            title={title}
            // Columns in the course's order, numbered, under their modules; the names whole in the tooltip.
            layout="vertical"
            categories={steps.map((step) => `${step.module.title} › ${chapterName(step)}`)}
            ticks={steps.map((step) => String(step.place))}
            groups={[steps.map((step) => step.module.title)]}
            series={[
              {
                id: 'reached',
                label: translate('app.learning_reports.columns.reached'),
                data: steps.map((step) => step.reached),
                color: 'info',
              },
              {
                id: 'validated',
                label: translate('app.learning_reports.columns.validated'),
                data: steps.map((step) => step.validated),
                color: 'success',
              },
            ]}
            linkOf={() => learners}
          />
        </ChartSection>
      </Stack>
    </Box>
  );
}
