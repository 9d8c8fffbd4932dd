import { useState } from 'react';
import { Autocomplete, Chip, Stack, TextField, Typography } from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';
import { useQueryClient } from '@tanstack/react-query';
import {
  useDataProvider,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { Loader } from '../Loader';
import { mayChangeUsers } from './sessionUser';

/** Access rights are few (named grants): one page holds them all. */
const ALL_RIGHTS = { pagination: { page: 1, perPage: 200 }, sort: { field: 'label', order: 'ASC' as const } };

/**
 * A user's access rights as chips: a super admin adds one from the list and removes one by its
 * chip's cross (`add-` / `remove-access-rights`); others read them.
 */
export function AccessRightChips() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const record = useRecordContext<RaRecord>();
  const { data: rights, isPending } = useGetList('access-rights', ALL_RIGHTS);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  if (isPending) return <Loader size="small" />;
  const held = new Set(((record.accessRights as Identifier[] | undefined) ?? []).map(String));
  const mine = (rights ?? []).filter((right) => held.has(String(right.id)));
  const others = (rights ?? []).filter((right) => !held.has(String(right.id)));
  const canChange = mayChangeUsers(record);

  async function change(verb: 'add' | 'remove', right: RaRecord) {
    setBusy(true);
    try {
      const params = { id: record!.id, ids: [right.id] };
      const { data } =
        verb === 'add' ? await dataProvider.addAccessRights(params) : await dataProvider.removeAccessRights(params);
      queryClient.setQueriesData({ queryKey: ['users', 'getOne', { id: String(record!.id) }] }, data);
      refresh();
      notify(verb === 'add' ? 'app.people.rights.added' : 'app.people.rights.removed', {
        type: 'success',
        messageArgs: { label: right.label },
      });
    } catch (failure) {
      notify((failure as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
    setBusy(false);
  }

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="access-rights">
        {mine.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate('app.people.rights.none')}
          </Typography>
        )}
        {mine.map((right) => (
          <Chip
            key={right.id}
            label={right.label}
            title={right.description ?? right.code}
            disabled={busy}
            onDelete={canChange ? () => change('remove', right) : undefined}
            deleteIcon={<CancelIcon titleAccess={translate('app.people.rights.remove', { label: right.label })} />}
          />
        ))}
      </Stack>
      {canChange && others.length > 0 && (
        <Autocomplete
          options={others}
          getOptionLabel={(right) => String(right.label)}
          value={null}
          disabled={busy}
          onChange={(_, right) => right && change('add', right)}
          renderInput={(params) => <TextField {...params} size="small" label={translate('app.people.rights.add')} />}
          sx={{ maxWidth: 360 }}
        />
      )}
    </Stack>
  );
}
