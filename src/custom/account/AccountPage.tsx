import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { MyReports } from './MyReports';
import { SubscriptionCard } from './SubscriptionCard';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { Loader } from '../Loader';

/** "Mon compte" (spec section 2, /account): who is signed in, with which roles, and their bug reports. */
export function AccountPage() {
  const translate = useTranslate();
  const { identity, isPending } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title={translate('app.account.title')} />
      <CardContent>
        {isPending ? (
          <Loader size="medium" />
        ) : (
          <Stack spacing={2}>
            <Typography component="h1" variant="h5">
              {identity?.fullName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.account.roles')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {(Array.isArray(permissions) ? permissions : []).map((role) => (
                <Chip key={role} label={translate(`app.roles.${role}`, { _: role })} />
              ))}
            </Stack>
            {/* A structure's administrator (not a super admin, who has no structure of their own) sees its plan. */}
            {Array.isArray(permissions) && permissions.includes('ROLE_ADMIN') && !permissions.includes('ROLE_SUPER_ADMIN') ? <SubscriptionCard /> : null}
            <Typography component="h2" variant="h6">
              {translate('app.report.mine')}
            </Typography>
            <MyReports />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
