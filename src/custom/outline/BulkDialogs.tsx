import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useOutline, useOutlineActions } from './OutlineContext';
import type { NodeKind } from './outlineModel';

interface Target {
  /** The parent's id. */
  parent: number;
  label: string;
}

/** Where the checked nodes may go: the course (modules), a module (chapters), a chapter (parts). */
function useTargets(kind: NodeKind): Target[] {
  const { outline } = useOutline();
  const { courseId } = useOutlineActions();
  if (kind === 'module') return [{ parent: courseId, label: outline.title }];
  if (kind === 'chapter') return outline.modules.map((module) => ({ parent: module.id, label: module.title }));
  return outline.modules.flatMap((module) =>
    module.chapters.map((chapter) => ({ parent: chapter.id, label: `${module.title} › ${chapter.title}` })),
  );
}

/**
 * Where to move the checked nodes: their new parent and the place there (first or last; for modules,
 * after which other module). Native selects: the keyboard and a phone's own picker work as everywhere.
 */
export function BulkMoveDialog({
  kind,
  ids,
  onClose,
  onMove,
}: {
  kind: NodeKind;
  ids: readonly number[];
  onClose: () => void;
  onMove: (parent: number, position: number | undefined) => Promise<void>;
}) {
  const translate = useTranslate();
  const { outline } = useOutline();
  const targets = useTargets(kind);
  const [parent, setParent] = useState(targets[0]?.parent);
  const [place, setPlace] = useState('first');
  const [busy, setBusy] = useState(false);
  // The first list takes the focus once the dialog has opened (its focus trap would otherwise keep it).
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => first.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  // Modules stay in their course: the place is after one of the modules not moved.
  const places =
    kind === 'module'
      ? [
          { value: 'first', label: translate('app.outline.bulk.first') },
          ...outline.modules
            .filter((module) => !ids.includes(module.id))
            .map((module, index) => ({
              value: String(index + 1),
              label: translate('app.outline.bulk.after', { title: module.title }),
            })),
        ]
      : [
          { value: 'first', label: translate('app.outline.bulk.first') },
          { value: 'last', label: translate('app.outline.bulk.last') },
        ];
  const position = place === 'first' ? 0 : place === 'last' ? undefined : Number(place);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="bulk-move-title">
      <DialogTitle id="bulk-move-title">
        {translate(`app.outline.bulk.move_title.${kind}`, { smart_count: ids.length })}
      </DialogTitle>
      <Stack
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (parent === undefined) return;
          setBusy(true);
          void onMove(parent, position).finally(() => setBusy(false));
        }}
      >
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {kind !== 'module' && (
            <TextField
              select
              inputRef={first}
              label={translate(`app.outline.bulk.target.${kind}`)}
              value={parent ?? ''}
              onChange={(event) => setParent(Number(event.target.value))}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {targets.map((target) => (
                <option key={target.parent} value={target.parent}>
                  {target.label}
                </option>
              ))}
            </TextField>
          )}
          <TextField
            select
            inputRef={kind === 'module' ? first : undefined}
            label={translate('app.outline.bulk.place')}
            value={place}
            onChange={(event) => setPlace(event.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {places.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || parent === undefined}>
            {translate('app.outline.bulk.move_confirm')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}

interface TagChoice {
  id: Identifier;
  name: string;
}

/** The tags to add to every checked module, picked among the structure's (and the catalogue's). */
export function BulkTagsDialog({
  onClose,
  onAdd,
}: {
  onClose: () => void;
  onAdd: (tags: Identifier[]) => Promise<void>;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<TagChoice[]>([]);
  const [busy, setBusy] = useState(false);
  const search = text.trim();
  const { data: found = [], isPending } = useQuery({
    queryKey: ['outlineBulkTags', search],
    queryFn: async () =>
      (
        await dataProvider.getList('tags', {
          pagination: { page: 1, perPage: 20 },
          sort: { field: 'name', order: 'ASC' },
          filter: search ? { q: search } : {},
        })
      ).data.map((tag) => ({ id: tag.id, name: String(tag.name) })),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="bulk-tags-title">
      <DialogTitle id="bulk-tags-title">{translate('app.outline.bulk.add_tags')}</DialogTitle>
      <DialogContent>
        <Autocomplete
          multiple
          options={found}
          loading={isPending}
          value={chosen}
          onChange={(_, value) => setChosen(value)}
          inputValue={text}
          onInputChange={(_, value) => setText(value)}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          noOptionsText={translate('app.outline.bulk.no_tag')}
          loadingText={translate('ra.page.loading')}
          renderInput={(params) => (
            <TextField {...params} autoFocus label={translate('app.outline.bulk.tags')} sx={{ mt: 1 }} />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || chosen.length === 0}
          onClick={() => {
            setBusy(true);
            void onAdd(chosen.map((tag) => tag.id)).finally(() => setBusy(false));
          }}
        >
          {translate('app.outline.bulk.add_tags_confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
