import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LearnerState } from '../../domain/learning';
import type { ReportFigures } from '../../domain/learningReports';
import { FigureLink } from '../dashboard/FigureLink';
import { useFigureFormat } from './figureFormat';
import { participationsLink } from './learningLinks';
import { courseLearnersPage } from '../learners/learnerPages';

const TILE_SX = { py: 1, '&:last-child': { pb: 1 } } as const;

/**
 * The period's figures in one line of tiles: enrolled, completed, the completion rate, late, at risk. Each
 * count opens the learners it counts: the chosen course's, else every course's enrolments.
 */
export function ReportTotals({ totals, course }: { totals: ReportFigures; course?: number }) {
  const translate = useTranslate();
  const format = useFigureFormat();
  const link = (states: LearnerState[] = []) =>
    course === undefined
      ? participationsLink(states.length > 0 ? { state: states } : {})
      : courseLearnersPage(course, states);
  const tiles = [
    { key: 'enrolled', value: totals.enrolled, to: link() },
    { key: 'completed', value: totals.completed, to: link(['completed']) },
    { key: 'late', value: totals.late, to: link(['late']), alert: true },
    { key: 'at_risk', value: totals.atRisk, to: link(['at_risk']), alert: true },
  ];
  return (
    <Box
      component="ul"
      aria-label={translate('app.learning_reports.totals')}
      data-testid="report-totals"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(170px, 1fr))' },
      }}
    >
      {tiles.slice(0, 2).map((tile) => (
        <Card key={tile.key} component="li" variant="outlined">
          <CardContent sx={TILE_SX}>
            <FigureLink to={tile.to} value={tile.value} label={translate(`app.learning_reports.figures.${tile.key}`)} />
          </CardContent>
        </Card>
      ))}
      <Card component="li" variant="outlined">
        <CardContent sx={TILE_SX}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, py: 0.5, minWidth: 0 }}>
            <Box component="span" sx={{ fontSize: '1.5rem', fontWeight: 600 }}>
              {format.percent(totals.completionRate)}
            </Box>
            <Typography component="span" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {translate('app.learning_reports.figures.completion_rate')}
            </Typography>
          </Box>
        </CardContent>
      </Card>
      {tiles.slice(2).map((tile) => (
        <Card key={tile.key} component="li" variant="outlined">
          <CardContent sx={TILE_SX}>
            <FigureLink
              to={tile.to}
              value={tile.value}
              alert={tile.alert}
              label={translate(`app.learning_reports.figures.${tile.key}`)}
            />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
