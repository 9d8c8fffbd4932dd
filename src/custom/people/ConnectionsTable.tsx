import {
  Alert,
  Box,
  Chip,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { Loader } from '../Loader';
import { useFormatDateTime } from '../tickets/useFormatDateTime';
import { browserOf } from './browserOf';

/** How many of the latest sign-ins are shown. */
const SHOWN = 20;

/** A user's latest sign-ins (`GET /api/users/{id}/user-connections`): date, address, browser, outcome; a table, or lines on a phone. */
export function ConnectionsTable({ userId }: { userId: Identifier }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const formatDateTime = useFormatDateTime();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['user-connections', 'of', String(userId)],
    queryFn: () =>
      dataProvider.getUserConnections(
        { id: userId },
        { pagination: { page: 1, perPage: SHOWN }, sort: { field: 'connectedAt', order: 'DESC' } },
      ),
  });
  if (isPending) return <Loader size="small" />;
  if (error) return <Alert severity="error">{translate('app.people.load_error')}</Alert>;
  if (data.data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.people.connections.none')}
      </Typography>
    );
  const outcome = (success: unknown) => (
    <Chip
      size="small"
      color={success ? 'success' : 'error'}
      variant="outlined"
      label={translate(success ? 'app.people.connections.success' : 'app.people.connections.failure')}
    />
  );
  if (phone)
    // On a phone, one line a sign-in: the date and its outcome, then the address and the browser.
    return (
      <List dense disablePadding aria-label={translate('app.people.connections.title')} data-testid="connections">
        {data.data.map((connection) => (
          <ListItem key={connection.id} divider disableGutters sx={{ display: 'block', py: 0.75 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2">{formatDateTime(connection.connectedAt as string)}</Typography>
              {outcome(connection.success)}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {(connection.ip as string) ?? '—'} · {browserOf(connection.userAgent as string | null)}
            </Typography>
          </ListItem>
        ))}
      </List>
    );
  return (
    // A narrow window may scroll the table sideways: the region takes the focus, so the keyboard scrolls it too.
    <TableContainer tabIndex={0} sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('app.people.connections.title')} data-testid="connections">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.people.connections.date')}</TableCell>
            <TableCell>{translate('app.people.connections.address')}</TableCell>
            <TableCell>{translate('app.people.connections.browser')}</TableCell>
            <TableCell>{translate('app.people.connections.outcome')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.data.map((connection) => (
            <TableRow key={connection.id}>
              <TableCell>{formatDateTime(connection.connectedAt as string)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{(connection.ip as string) ?? '—'}</TableCell>
              <TableCell>{browserOf(connection.userAgent as string | null)}</TableCell>
              <TableCell>{outcome(connection.success)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
