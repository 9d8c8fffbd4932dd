import { useId, type ReactNode } from 'react';
import { Alert, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Loader } from '../Loader';

/** Where a card's one request is: its figures are shown only once they are in. */
export type CardState = 'loading' | 'error' | 'empty' | 'ready';

/** The state of a card from its one query: loading, failed, nothing to show, or its figures. */
export const cardStateOf = (query: { isPending: boolean; error: unknown }, empty: boolean): CardState =>
  query.isPending ? 'loading' : query.error ? 'error' : empty ? 'empty' : 'ready';

/**
 * One card of the home page: a section named by its heading, its loading state (announced), its error, its
 * empty state in words, or its figures.
 */
export function DashboardCard({
  title,
  state,
  empty,
  children,
  testId,
}: {
  title: string;
  state: CardState;
  empty: string;
  children?: ReactNode;
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
        {state === 'loading' && <Loader size="small" />}
        {state === 'error' && <Alert severity="error">{translate('app.dashboard.error')}</Alert>}
        {state === 'empty' && (
          <Typography variant="body2" color="text.secondary">
            {translate(empty)}
          </Typography>
        )}
        {state === 'ready' && children}
      </CardContent>
    </Card>
  );
}
