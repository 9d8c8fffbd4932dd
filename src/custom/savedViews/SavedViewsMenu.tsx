import { useState, type FormEvent, type MouseEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  TextField,
  Typography,
} from '@mui/material';
import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Confirm, Button as RaButton, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { SAVED_VIEW_NAME_MAX_LENGTH, type SavedView, type SavedViewParams } from '../../domain/savedViews';
import type { AppDataProvider } from '../../providers/dataProvider';

/** The message of a refused save on its `name` field (a name already taken), else none. */
function nameError(error: unknown): string | undefined {
  const body = (error as { body?: { violations?: { propertyPath: string; message: string }[] } } | null)?.body;
  return body?.violations?.find((found) => found.propertyPath === 'name')?.message;
}

interface NameDialogProps {
  title: string;
  initial: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** The name of a view being saved or renamed; a refusal (a name taken) shows on the field. */
function NameDialog({ title, initial, onSubmit, onClose }: NameDialogProps) {
  const translate = useTranslate();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(translate('app.validation.blank'));
    setSaving(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (failure) {
      setError(nameError(failure) ?? translate('app.http.server_error'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="saved-view-name-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="saved-view-name-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            required
            label={translate('app.saved_views.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: SAVED_VIEW_NAME_MAX_LENGTH } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type Editing = { kind: 'save' } | { kind: 'rename'; view: SavedView } | { kind: 'delete'; view: SavedView };

/**
 * "Vues", beside a list's filters: the user's saved views of this list (kept on the server, so they follow
 * the user to any browser), each applied with a click, renamed or deleted; and the list's current filters
 * and order saved under a name. Any list laid out by ListPage has it.
 */
export function SavedViewsMenu() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { resource, filterValues, sort, setFilters, setSort } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<Editing>();
  const key = ['savedViews', resource];
  const {
    data: views,
    isPending,
    isError,
  } = useQuery({
    queryKey: key,
    queryFn: () => dataProvider.getSavedViews(resource),
    enabled: Boolean(anchor),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const remove = useMutation({
    mutationFn: (view: SavedView) => dataProvider.deleteSavedView(view.id),
    onSuccess: () => {
      notify('app.saved_views.deleted', { type: 'info' });
      return refresh();
    },
    onError: () => notify('app.http.server_error', { type: 'error' }),
  });

  const current = (): SavedViewParams => ({
    filter: filterValues as Record<string, unknown>,
    ...(sort?.field ? { sort: { field: sort.field, order: sort.order === 'ASC' ? 'ASC' : 'DESC' } } : {}),
  });
  const apply = (view: SavedView) => {
    setAnchor(null);
    if (view.params.sort) setSort(view.params.sort);
    const filter = view.params.filter ?? {};
    setFilters(filter, Object.fromEntries(Object.keys(filter).map((name) => [name, true])), false);
    notify('app.saved_views.applied', { type: 'info', messageArgs: { name: view.name } });
  };
  const startEditing = (next: Editing) => {
    setAnchor(null);
    setEditing(next);
  };

  return (
    <>
      {/* react-admin's button: an icon with its name as a tooltip on a phone, where the toolbar is narrow. */}
      <RaButton
        label="app.saved_views.button"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
      >
        <BookmarksIcon />
      </RaButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': translate('app.saved_views.menu'),
            sx: { width: 320, maxWidth: '90vw' },
          },
        }}
      >
        <Typography variant="subtitle2" component="h2" sx={{ px: 2, pt: 1.5 }}>
          {translate('app.saved_views.menu')}
        </Typography>
        {isPending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
            <CircularProgress size={16} aria-hidden />
            <Typography variant="body2">{translate('app.saved_views.loading')}</Typography>
          </Box>
        ) : isError ? (
          <Typography role="status" variant="body2" color="error" sx={{ px: 2, py: 1.5 }}>
            {translate('app.http.server_error')}
          </Typography>
        ) : views.length === 0 ? (
          <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            {translate('app.saved_views.none')}
          </Typography>
        ) : (
          <List dense aria-label={translate('app.saved_views.menu')}>
            {views.map((view) => (
              <ListItem
                key={view.id}
                disablePadding
                secondaryAction={
                  <>
                    <IconButton
                      size="small"
                      aria-label={translate('app.saved_views.rename', { name: view.name })}
                      onClick={() => startEditing({ kind: 'rename', view })}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      edge="end"
                      aria-label={translate('app.saved_views.delete', { name: view.name })}
                      onClick={() => startEditing({ kind: 'delete', view })}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </>
                }
                sx={{ '& .MuiListItemSecondaryAction-root': { right: 8 } }}
              >
                <ListItemButton onClick={() => apply(view)} sx={{ pr: 11 }}>
                  <ListItemText primary={view.name} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        <Divider />
        <Box sx={{ p: 1 }}>
          <Button fullWidth onClick={() => startEditing({ kind: 'save' })}>
            {translate('app.saved_views.save')}
          </Button>
        </Box>
      </Popover>
      {editing?.kind === 'save' && (
        <NameDialog
          title={translate('app.saved_views.save_title')}
          initial=""
          onClose={() => setEditing(undefined)}
          onSubmit={async (name) => {
            await dataProvider.createSavedView({ resource, name, params: current() });
            notify('app.saved_views.saved', { type: 'info', messageArgs: { name } });
            await refresh();
          }}
        />
      )}
      {editing?.kind === 'rename' && (
        <NameDialog
          title={translate('app.saved_views.rename_title')}
          initial={editing.view.name}
          onClose={() => setEditing(undefined)}
          onSubmit={async (name) => {
            await dataProvider.updateSavedView(editing.view.id, { name });
            notify('app.saved_views.renamed', { type: 'info' });
            await refresh();
          }}
        />
      )}
      {/* Mounted only while asked, as the name dialogs: a dialog kept mounted and reopened while the
          popover closes left the page hidden from screen readers (aria-hidden on #root) once both were gone. */}
      {editing?.kind === 'delete' && (
        <Confirm
          isOpen
          title={translate('app.saved_views.delete_title', { name: editing.view.name })}
          content={translate('app.saved_views.delete_content')}
          onConfirm={() => {
            remove.mutate(editing.view);
            setEditing(undefined);
          }}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
