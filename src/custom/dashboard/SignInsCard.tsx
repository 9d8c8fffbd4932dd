import { ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormatDateTime } from '../tickets/useFormatDateTime';
import { ListCountCard } from './ListCountCard';

const LATEST = { field: 'connectedAt', order: 'DESC' } as const;

const nameOf = (user: unknown): string =>
  user !== null && typeof user === 'object' && typeof (user as { name?: unknown }).name === 'string'
    ? (user as { name: string }).name
    : '';

/** A structure's latest sign-ins (who, when, and the failed ones), and how many are recorded. */
export function SignInsCard() {
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  return (
    <ListCountCard
      resource="user-connections"
      sort={LATEST}
      rows={5}
      title="app.dashboard.sign_ins.title"
      figure="app.dashboard.sign_ins.figure"
      empty="app.dashboard.sign_ins.empty"
      testId="card-sign-ins"
      rowPlaceholder={<ListItemText primary={'\u00a0'} secondary={'\u00a0'} />}
      row={(connection) => (
        <ListItemText
          primary={nameOf(connection.user)}
          secondary={[
            formatDateTime(connection.connectedAt as string),
            connection.success ? '' : translate('app.dashboard.sign_ins.failed'),
          ]
            .filter(Boolean)
            .join(' · ')}
        />
      )}
    />
  );
}
