import { Alert, Stack, Typography } from '@mui/material';
import {
  Form,
  SaveButton,
  useGetOne,
  useNotify,
  useSetLocale,
  useTranslate,
  useUpdate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { users } from '../../domain/contracts';
import { inputOf } from '../crud/fieldInput';
import { screensOf } from '../crud/screensOf';
import { Loader } from '../Loader';
import { useSaveFailure } from '../people/submitErrors';

const EDITABLE = ['firstName', 'lastName', 'phone', 'locale'] as const;

// The form's own fields, read from the users' contract like the users' screens read theirs: the account
// page sits below the resource folders and does not borrow their declarations.
const config = screensOf(users, { fields: EDITABLE.map((source) => ({ source })) });

/**
 * One's profile: the name, phone and language a user may change on their own record; the
 * e-mail shown (a super admin changes it). The language applies at once and at each sign-in.
 */
export function AccountProfile({ userId }: { userId: Identifier }) {
  const translate = useTranslate();
  const notify = useNotify();
  const saveFailure = useSaveFailure();
  const setLocale = useSetLocale();
  const [update] = useUpdate();
  const { data: user, isPending, error } = useGetOne('users', { id: userId });
  if (isPending) return <Loader size="small" />;
  if (error || !user) return <Alert severity="error">{translate('app.people.load_error')}</Alert>;

  async function save(values: Partial<RaRecord>) {
    const data = Object.fromEntries([...EDITABLE, 'updatedAt'].map((key) => [key, values[key] ?? null]));
    try {
      const saved = await update(
        'users',
        { id: userId, data, previousData: user },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      if (typeof saved.locale === 'string') setLocale(saved.locale);
      notify('app.people.account.profile_saved', { type: 'success' });
      return undefined;
    } catch (failure) {
      return saveFailure(failure);
    }
  }

  return (
    <Form record={user} onSubmit={save}>
      <Stack spacing={1}>
        <Typography variant="body2">
          {translate('resources.users.fields.email')} : <strong data-testid="account-email">{user.email}</strong>
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          {inputOf(config, 'firstName', { resource: 'users' })}
          {inputOf(config, 'lastName', { resource: 'users' })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          {inputOf(config, 'phone', { resource: 'users', autoComplete: 'tel' })}
          {inputOf(config, 'locale', { resource: 'users', helperText: 'app.people.account.locale_help' })}
        </Stack>
        <div>
          <SaveButton label="app.people.account.save_profile" />
        </div>
      </Stack>
    </Form>
  );
}
