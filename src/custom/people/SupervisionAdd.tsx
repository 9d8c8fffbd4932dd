import { useState } from 'react';
import { Autocomplete, Button, Stack, TextField } from '@mui/material';
import { useCreate, useGetList, useNotify, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { fullName } from './useNames';

/** Adds a supervision of this user, as supervisor (of a learner picked here) or as learner (of a supervisor). */
export function SupervisionAdd({ userId, as }: { userId: Identifier; as: 'supervisor' | 'learner' }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [other, setOther] = useState<RaRecord | null>(null);
  const [create, { isPending }] = useCreate();
  const { data: users = [], isPending: searching } = useGetList('users', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'lastName', order: 'ASC' },
    filter: search ? { q: search } : {},
  });
  const choices = users.filter((user) => String(user.id) !== String(userId));
  const label = translate(
    as === 'supervisor' ? 'app.people.supervisions.pick_learner' : 'app.people.supervisions.pick_supervisor',
  );

  function add() {
    if (!other) return;
    const data =
      as === 'supervisor' ? { supervisor: userId, learner: other.id } : { supervisor: other.id, learner: userId };
    create(
      'user-supervisions',
      { data: { ...data, startsAt: new Date().toISOString() } },
      {
        onSuccess: () => {
          setOther(null);
          notify('app.people.supervisions.added', { type: 'success' });
        },
        onError: (error) => notify((error as Error).message || 'ra.notification.http_error', { type: 'error' }),
      },
    );
  }

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <Autocomplete
        options={choices}
        loading={searching}
        value={other}
        onChange={(_, value) => setOther(value)}
        onInputChange={(_, value, reason) => reason === 'input' && setSearch(value)}
        filterOptions={(options) => options}
        getOptionLabel={(user) => `${fullName(user)} (${user.email})`}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        renderInput={(params) => <TextField {...params} size="small" label={label} />}
        sx={{ flex: 1, minWidth: 0, maxWidth: 360 }}
      />
      <Button variant="outlined" onClick={add} disabled={!other} loading={isPending}>
        {translate('app.people.supervisions.add')}
      </Button>
    </Stack>
  );
}
