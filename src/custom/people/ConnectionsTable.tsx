import {
  Alert,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { Loader } from '../Loader';
import { useFormatDateTime } from '../tickets/useFormatDateTime';
import { browserOf } from './browserOf';

/** How many of the latest sign-ins are shown. */
const SHOWN = 20;

/** A user's latest sign-ins (`GET /api/users/{id}/user-connections`): date, address, browser, outcome. */
export function ConnectionsTable({ userId }: { userId: Identifier }) {
  const translate = useTranslate();
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
  return (
    // On a phone the table scrolls sideways: the region takes the focus, so the keyboard scrolls it too.
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
              <TableCell>
                <Chip
                  size="small"
                  color={connection.success ? 'success' : 'error'}
                  variant="outlined"
                  label={translate(
                    connection.success ? 'app.people.connections.success' : 'app.people.connections.failure',
                  )}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
