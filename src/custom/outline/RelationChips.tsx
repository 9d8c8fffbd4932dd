import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Autocomplete, Box, Chip, TextField, Typography } from '@mui/material';
import { useDataProvider, useGetMany, useGetOne, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

type Field = 'tags' | 'skills';

interface Choice {
  id?: Identifier;
  name: string;
}

/**
 * A course's tags or skills as chips, each added or removed on its own (`add-`/`remove-tags`, `-skills`):
 * the author types, picks a match, or keeps a new name, which is created first. A read-only course's are
 * only shown.
 */
export function RelationChips({ course, field, readOnly }: { course: Identifier; field: Field; readOnly?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const { data: record } = useGetOne('courses', { id: course });
  const ids: Identifier[] = Array.isArray(record?.[field]) ? record[field] : [];
  const { data: current = [] } = useGetMany(field, { ids }, { enabled: ids.length > 0 });
  const search = text.trim();
  const { data: found = [] } = useQuery({
    enabled: !readOnly,
    queryKey: ['outlineRelationSearch', field, search],
    queryFn: async () =>
      (
        await dataProvider.getList(field, {
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'name', order: 'ASC' },
          filter: search ? { q: search } : {},
        })
      ).data,
  });
  const options: Choice[] = found
    .filter((item) => !ids.includes(item.id))
    .map((item) => ({ id: item.id, name: String(item.name) }));

  const changed = () => queryClient.invalidateQueries({ queryKey: ['courses'] });
  const add = async (choice: Choice | string | null) => {
    if (!choice) return;
    const name = typeof choice === 'string' ? choice.trim() : choice.name;
    if (!name) return;
    setBusy(true);
    try {
      let id =
        typeof choice === 'string'
          ? found.find((item) => String(item.name).toLowerCase() === name.toLowerCase())?.id
          : choice.id;
      if (id === undefined) id = (await dataProvider.create(field, { data: { name } })).data.id;
      if (field === 'tags') await dataProvider.addTags('courses', { id: course, ids: [id] });
      else await dataProvider.addSkills({ id: course, ids: [id] });
      setText('');
      notify(`app.outline.${field}.added`, { type: 'info' });
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'app.outline.action_error', { type: 'error' });
    } finally {
      await changed();
      setBusy(false);
    }
  };
  const remove = async (id: Identifier) => {
    try {
      if (field === 'tags') await dataProvider.removeTags('courses', { id: course, ids: [id] });
      else await dataProvider.removeSkills({ id: course, ids: [id] });
      notify(`app.outline.${field}.removed`, { type: 'info' });
    } catch {
      notify('app.outline.action_error', { type: 'error' });
    } finally {
      await changed();
    }
  };
  const label = translate(`resources.courses.fields.${field}`);
  return (
    <Box component="section" aria-label={label} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {/* A section of the page under its title (h1), beside the outline's own (h2). */}
      <Typography variant="subtitle2" component="h2">
        {label}
      </Typography>
      {/* A line of chips' height, empty or not: the outline page reserves it before they come. */}
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, listStyle: 'none', minHeight: 32 }}
      >
        {current.map((item) => (
          <li key={item.id}>
            {readOnly ? (
              <Chip label={String(item.name)} />
            ) : (
              <Chip
                label={String(item.name)}
                onDelete={() => void remove(item.id)}
                aria-label={`${String(item.name)} (${translate('app.outline.remove_named', { name: String(item.name) })})`}
              />
            )}
          </li>
        ))}
      </Box>
      {!readOnly && (
        <Autocomplete<Choice, false, false, true>
          freeSolo
          disabled={busy}
          options={options}
          getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
          filterOptions={(all) => all}
          inputValue={text}
          onInputChange={(_, value) => setText(value)}
          value={null}
          onChange={(_, choice) => void add(choice)}
          renderInput={(params) => <TextField {...params} size="small" label={translate(`app.outline.${field}.add`)} />}
        />
      )}
    </Box>
  );
}
