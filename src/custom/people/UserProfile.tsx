import { Chip, Stack, Switch, FormControlLabel, Typography } from '@mui/material';
import { Link, useNotify, useRecordContext, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { useFormatDateTime } from '../tickets/useFormatDateTime';
import { mayChangeUsers, sessionUserId } from './sessionUser';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1 }} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
        {translate(label)}
      </Typography>
      <Typography component="div" variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Typography>
    </Stack>
  );
}

/**
 * A user's identity on their page: type, roles and language as French labels, never raw codes. Only a
 * super admin turns the account on or off; one's own name, phone and language change on "Mon compte".
 */
export function UserProfile() {
  const translate = useTranslate();
  const notify = useNotify();
  const formatDateTime = useFormatDateTime();
  const record = useRecordContext<RaRecord>();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  const roles = Array.isArray(record.roles) ? (record.roles as string[]) : [];
  const own = sessionUserId() === Number(record.id);

  const toggle = (enabled: boolean) =>
    update(
      'users',
      { id: record.id, data: { enabled, updatedAt: record.updatedAt }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify(enabled ? 'app.people.user.enabled_done' : 'app.people.user.disabled_done', { type: 'success' }),
        onError: (error) => notify((error as Error).message || 'ra.notification.http_error', { type: 'error' }),
      },
    );

  return (
    <Stack spacing={0.75}>
      <Line label="resources.users.fields.email">{record.email}</Line>
      <Line label="resources.users.fields.phone">{record.phone || '—'}</Line>
      <Line label="resources.users.fields.type">
        {translate(`choices.userType.${record.type}`, { _: String(record.type ?? '—') })}
      </Line>
      <Line label="resources.users.fields.roles">
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {roles.map((role) => (
            <Chip key={role} size="small" label={translate(`choices.role.${role}`, { _: role })} />
          ))}
        </Stack>
      </Line>
      <Line label="resources.users.fields.locale">
        {translate(`choices.locale.${record.locale}`, { _: String(record.locale ?? '—') })}
      </Line>
      {record.company ? (
        <Line label="resources.users.fields.company">{(record.company as { name?: string }).name}</Line>
      ) : null}
      <Line label="resources.users.fields.lastConnectionAt">
        {formatDateTime(record.lastConnectionAt as string) || '—'}
      </Line>
      <Line label="resources.users.fields.enabled">
        {mayChangeUsers(record) && !own ? (
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(record.enabled)}
                disabled={isPending}
                onChange={(event) => toggle(event.target.checked)}
              />
            }
            label={translate(record.enabled ? 'app.people.user.enabled' : 'app.people.user.disabled')}
          />
        ) : (
          translate(record.enabled ? 'app.people.user.enabled' : 'app.people.user.disabled')
        )}
      </Line>
      {/* Whoever changes users (administrators, platform staff) changes their own profile here like anyone's. */}
      {own && !mayChangeUsers(record) && (
        <Link to="/account" variant="body2">
          {translate('app.people.user.edit_mine')}
        </Link>
      )}
    </Stack>
  );
}
