import { useState, type ReactNode } from 'react';
import { Alert, Button, Divider, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { ShowBase, useShowContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { mayManageStructures } from '../../domain/rights';
import { hasRole } from '../../domain/roles';
import { sessionAllows } from '../../providers/authProvider';
import { sessionStore } from '../../providers/sessionStore';
import { SubscriptionCard } from '../../custom/account/SubscriptionCard';
import { Loader } from '../../custom/Loader';
import { AccessRightChips } from '../../custom/people/AccessRightChips';
import { ConnectionsTable } from '../../custom/people/ConnectionsTable';
import { InvitationResend } from '../../custom/people/InvitationResend';
import { ParticipationList } from '../../custom/people/ParticipationList';
import { PersonalDataRequests } from '../../custom/people/PersonalDataRequests';
import { LearnerFollowLink } from '../../custom/learners/LearnerFollowLink';
import { SupervisionList } from '../../custom/people/SupervisionList';
import { mayChangeUsers, sessionUserId } from '../../custom/people/sessionUser';
import { UserProfile } from '../../custom/people/UserProfile';
import { UserEditForm } from './UserEditForm';

function Part({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack component="section" spacing={1} aria-label={translate(title)} sx={{ minWidth: 0 }}>
      <Divider />
      <Typography component="h3" variant="subtitle1">
        {translate(title)}
      </Typography>
      {children}
    </Stack>
  );
}

function UserPageContent() {
  const translate = useTranslate();
  const { record, isPending, error } = useShowContext<RaRecord>();
  const [editing, setEditing] = useState(false);
  if (isPending) return <Loader size="small" />;
  if (error || !record) return <Alert severity="error">{translate('app.people.load_error')}</Alert>;
  const canChange = mayChangeUsers(record);
  const invited = Array.isArray(record.roles) && record.roles.includes('ROLE_FIRST_CONNECT');
  return (
    <Stack spacing={2} sx={{ p: 1, minWidth: 0 }} data-testid="user-page">
      {invited && canChange && <InvitationResend userId={record.id} />}
      <Stack spacing={1}>
        {editing ? <UserEditForm onDone={() => setEditing(false)} /> : <UserProfile />}
        {canChange && !editing && (
          <div>
            <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              {translate('app.people.user.edit_profile')}
            </Button>
          </div>
        )}
      </Stack>
      {sessionAllows('access-rights', 'list') && (
        <Part title="resources.users.fields.accessRights">
          <AccessRightChips />
        </Part>
      )}
      {sessionAllows('user-supervisions', 'list') && (
        <Part title="app.people.supervisions.title">
          <SupervisionList userId={record.id} as="supervisor" />
          <SupervisionList userId={record.id} as="learner" />
        </Part>
      )}
      {sessionAllows('participations', 'list') && (
        <Part title="app.people.participations.title">
          <ParticipationList userId={record.id} />
          <LearnerFollowLink
            user={record.id}
            name={`${record.firstName ?? ''} ${record.lastName ?? ''}`.trim() || String(record.email ?? '')}
          />
        </Part>
      )}
      <Part title="app.people.connections.title">
        <ConnectionsTable userId={record.id} />
      </Part>
      {/* A person's GDPR requests: their structure's administrators and platform staff file them. */}
      {hasRole(sessionStore.getRoles(), 'ROLE_ADMIN') && record.company ? (
        <Part title="app.people.personal_data.title">
          <PersonalDataRequests userId={record.id} self={Number(record.id) === sessionUserId()} />
        </Part>
      ) : null}
      {/* The plan of the user's structure, which a super admin may end. */}
      {record.company?.id !== undefined && mayManageStructures(sessionStore.getRoles(), 'actForAny') && (
        <Part title="app.subscription.title">
          <SubscriptionCard company={record.company.id} />
        </Part>
      )}
    </Stack>
  );
}

/**
 * A user's page, in the side panel or on its own: admins read it whole, super admins change
 * it (profile, enabled, access rights), support staff manage supervisions.
 */
export function UserPage({ id }: { id?: Identifier }) {
  return (
    <ShowBase resource="users" id={id}>
      <UserPageContent />
    </ShowBase>
  );
}
