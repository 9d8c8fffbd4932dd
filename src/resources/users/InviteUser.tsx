import {
  Create,
  SimpleForm,
  useDataProvider,
  useNotify,
  useRedirect,
  type RaRecord,
  type Validator,
} from 'react-admin';
import { isPlatformStaff } from '../../domain/tenancy';
import type { AppDataProvider } from '../../providers/dataProvider';
import { choicesOf } from '../../custom/crud/choices';
import { inputOf } from '../../custom/crud/fieldInput';
import { StructureInput } from '../../custom/crud/StructureInput';
import { useSessionStructure } from '../../custom/tenancy/useSessionStructure';
import { givableRoles } from '../../custom/people/sessionUser';
import { config } from './screens';

// Only platform staff belong to no structure (the server's `users_platform_staff`, a 422 on `company`).
const structureUnlessStaff: Validator = (value, values: { roles?: string[] }) =>
  (value === null || value === undefined || value === '') && !isPlatformStaff(values.roles ?? [])
    ? 'ra.validation.required'
    : undefined;

/**
 * "Inviter un utilisateur": the new user starts in first connection (the server adds
 * ROLE_FIRST_CONNECT) and is mailed a code at once, with which they choose their password.
 */
export function InviteUser() {
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<AppDataProvider>();
  // Across all structures the invitee's structure is chosen here; inside one, the invitee joins it.
  const { allStructures } = useSessionStructure();

  async function invite(user: RaRecord) {
    try {
      await dataProvider.sendInvitation({ id: user.id });
      notify('app.people.invitation.created', { type: 'success' });
    } catch (failure) {
      // The account exists: its page offers to send the code again.
      notify('app.people.invitation.not_sent', {
        type: 'warning',
        messageArgs: { reason: (failure as Error).message },
      });
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
        {inputOf(config, 'roles', { choices: choicesOf(givableRoles(), 'role') })}
        {inputOf(config, 'locale')}
        {allStructures && (
          <StructureInput
            resource="users"
            validate={structureUnlessStaff}
            helperText="app.tenancy.empty_structure.user"
          />
        )}
      </SimpleForm>
    </Create>
  );
}
