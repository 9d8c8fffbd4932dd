import {
  Create, email, maxLength, required, SelectArrayInput, SelectInput, SimpleForm, TextInput, useDataProvider, useNotify,
  useRedirect, type RaRecord,
} from 'react-admin';
import { ROLES } from '../../domain/roles';
import type { AppDataProvider } from '../../providers/dataProvider';
import { choicesOf } from '../../resources/choices';

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
        <TextInput source="email" type="email" validate={[required(), email(), maxLength(180)]} />
        <TextInput source="firstName" validate={[required(), maxLength(100)]} />
        <TextInput source="lastName" validate={[required(), maxLength(100)]} />
        <TextInput source="phone" validate={maxLength(30)} />
        <SelectInput source="type" choices={choicesOf(['admin', 'contributor'], 'userType')} validate={required()} />
        <SelectArrayInput source="roles" choices={choicesOf(ROLES.filter((role) => role !== 'ROLE_FIRST_CONNECT'), 'role')} />
        <SelectInput source="locale" choices={choicesOf(['fr', 'en'], 'locale')} />
      </SimpleForm>
    </Create>
  );
}
