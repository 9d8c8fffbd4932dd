import { useId, type ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Loader } from '../Loader';

/** Where a card's one request is: its figures are shown only once they are in. */
export type CardState = 'loading' | 'error' | 'empty' | 'ready';

/** The state of a card from its one query: loading, failed, nothing to show, or its figures. */
export const cardStateOf = (query: { isPending: boolean; error: unknown }, empty: boolean): CardState =>
  query.isPending ? 'loading' : query.error ? 'error' : empty ? 'empty' : 'ready';

/*
 * The placeholder and the card's state share one grid cell: the cell is as tall as the taller of the two,
 * so the card keeps the size it will have with its figures while they load, and keeps it when fewer come.
 */
const SAME_CELL_SX = { display: 'grid', '& > *': { gridArea: '1 / 1', minWidth: 0 } } as const;

/**
 * One card of the home page: a section named by its heading, its loading state (announced), its error, its
 * empty state in words, or its figures. `placeholder` is the card's figures at their largest (zeros, the
 * most rows it shows), laid out unseen under its state: the cards are stacked or in rows, and one that grew
 * as its figures arrived pushed every card after it (a layout shift of 0.27 on a phone).
 */
export function DashboardCard({
  title,
  state,
  empty,
  children,
  placeholder,
  testId,
}: {
  title: string;
  state: CardState;
  empty: string;
  children?: ReactNode;
  placeholder?: ReactNode;
  testId: string;
}) {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      aria-busy={state === 'loading'}
      data-testid={testId}
      sx={{ minWidth: 0 }}
    >
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
          {translate(title)}
        </Typography>
        <Box sx={SAME_CELL_SX}>
          {placeholder !== undefined && (
            <Box aria-hidden sx={{ visibility: 'hidden' }}>
              {placeholder}
            </Box>
          )}
          <Box>
            {state === 'loading' && <Loader size="small" />}
            {state === 'error' && <Alert severity="error">{translate('app.dashboard.error')}</Alert>}
            {state === 'empty' && (
              <Typography variant="body2" color="text.secondary">
                {translate(empty)}
              </Typography>
            )}
            {state === 'ready' && children}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
