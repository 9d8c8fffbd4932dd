import { Stack } from '@mui/material';
import { Button, Form, SaveButton, useNotify, useRecordContext, useUpdate, type RaRecord } from 'react-admin';
import { inputOf } from '../../custom/crud/fieldInput';
import { givableRoles } from '../../custom/people/sessionUser';
import { choicesOf } from '../../custom/crud/choices';
import { useSaveFailure } from '../../custom/people/submitErrors';
import { config } from './screens';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'type', 'roles', 'locale', 'tags', 'skills'] as const;
// A user's tags and skills left empty are sent as no tags, no skills.
const LISTS: ReadonlySet<string> = new Set(['tags', 'skills']);

/** The form of a user's profile for whoever changes users (never to a role above their own), on the user's page; the server's 422s land on the fields. */
export function UserEditForm({ onDone }: { onDone: () => void }) {
  const notify = useNotify();
  const saveFailure = useSaveFailure();
  const record = useRecordContext<RaRecord>();
  const [update] = useUpdate();
  if (!record) return null;

  async function save(values: Partial<RaRecord>) {
    const data = Object.fromEntries(
      [...FIELDS, 'updatedAt'].map((key) => [key, values[key] ?? (LISTS.has(key) ? [] : null)]),
    );
    try {
      await update(
        'users',
        { id: record!.id, data, previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify('app.people.user.saved', { type: 'success' });
      onDone();
      return undefined;
    } catch (failure) {
      return saveFailure(failure);
    }
  }

  return (
    <Form record={record} onSubmit={save}>
      <Stack sx={{ minWidth: 0 }}>
        {FIELDS.map((source) =>
          inputOf(config, source, {
            resource: 'users',
            ...(source === 'roles' ? { choices: choicesOf(givableRoles(), 'role') } : {}),
          }),
        )}
        <Stack direction="row" spacing={1}>
          <SaveButton />
          <Button label="ra.action.cancel" onClick={onDone} />
        </Stack>
      </Stack>
    </Form>
  );
}
