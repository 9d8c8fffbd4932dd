import { Create, SimpleForm, useDataProvider, useNotify, useRedirect, type RaRecord } from 'react-admin';
import { ROLES } from '../../domain/roles';
import type { AppDataProvider } from '../../providers/dataProvider';
import { choicesOf } from '../../resources/choices';
import { config } from '../../resources/users/screens';
import { inputOf } from '../crud/fieldInput';

// The server adds first connection itself: it is not a role to give.
const INVITED_ROLES = ROLES.filter((role) => role !== 'ROLE_FIRST_CONNECT');

/**
 * "Inviter un utilisateur" (issue 16): the new user starts in first connection (the server adds
 * ROLE_FIRST_CONNECT) and is mailed a code at once, with which they choose their password.
 */
export function InviteUser() {
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<AppDataProvider>();

  async function invite(user: RaRecord) {
    try {
      await dataProvider.sendInvitation({ id: user.id });
      notify('app.people.invitation.created', { type: 'success' });
    } catch (failure) {
      // The account exists: its page offers to send the code again.
      notify('app.people.invitation.not_sent', { type: 'warning', messageArgs: { reason: (failure as Error).message } });
    }
    redirect('list', 'users');
  }

  return (
    <Create resource="users" title="app.people.invitation.create_title" mutationOptions={{ onSuccess: invite }}>
      <SimpleForm defaultValues={{ type: 'contributor', roles: ['ROLE_USER'], locale: 'fr' }}>
        {inputOf(config, 'email')}
        {inputOf(config, 'firstName')}
        {inputOf(config, 'lastName')}
        {inputOf(config, 'phone')}
        {inputOf(config, 'type')}
        {inputOf(config, 'roles', { choices: choicesOf(INVITED_ROLES, 'role') })}
        {inputOf(config, 'locale')}
      </SimpleForm>
    </Create>
  );
}
