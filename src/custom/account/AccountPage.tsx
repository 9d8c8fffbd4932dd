import type { ReactNode } from 'react';
import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { Loader } from '../Loader';
import { ConnectionsTable } from '../people/ConnectionsTable';
import { AccountProfile } from './AccountProfile';
import { MyReports } from './MyReports';
import { PasswordChange } from './PasswordChange';
import { SignOutEverywhere } from './SignOutEverywhere';
import { SubscriptionCard } from './SubscriptionCard';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-label={translate(title)} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * "Mon compte" (/account), for every role: one's profile and language, the
 * password, the latest sign-ins, the end of every session, and one's bug reports.
 */
export function AccountPage() {
  const translate = useTranslate();
  const { identity, isPending } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  if (isPending || !identity) return <Loader size="medium" />;
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2, maxWidth: 880, minWidth: 0 }} data-testid="account-page">
      <Title title={translate('app.account.title')} />
      <Stack spacing={1}>
        <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          {identity.fullName}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
          aria-label={translate('app.account.roles')}
        >
          {(Array.isArray(permissions) ? permissions : []).map((role) => (
            <Chip key={role} label={translate(`app.roles.${role}`, { _: role })} />
          ))}
        </Stack>
      </Stack>
      <Section title="app.people.account.profile">
        <AccountProfile userId={identity.id} />
      </Section>
      <Section title="app.people.account.password">
        <PasswordChange />
      </Section>
      <Section title="app.people.connections.mine">
        <ConnectionsTable userId={identity.id} />
      </Section>
      <Section title="app.people.account.sessions">
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('app.people.account.sessions_help')}
        </Typography>
        <SignOutEverywhere />
      </Section>
      {/* A structure's administrator (not a super admin, who has no structure of their own) sees its plan. */}
      {Array.isArray(permissions) && permissions.includes('ROLE_ADMIN') && !permissions.includes('ROLE_SUPER_ADMIN') ? (
        <Card component="section" sx={{ minWidth: 0 }}>
          <CardContent>
            <SubscriptionCard />
          </CardContent>
        </Card>
      ) : null}
      <Section title="app.report.mine">
        <MyReports />
      </Section>
    </Stack>
  );
}
