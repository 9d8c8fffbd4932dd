import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  TextField,
  Button,
} from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { Loader } from '../Loader';
import { useNodeActions } from './useNodeActions';

/** Templates of chapters or modules (`?isTemplate=1`), searched by title, copied into the place chosen. */
export function TemplateDialog({
  resource,
  parent,
  position,
  onClose,
}: {
  resource: 'chapters' | 'modules';
  parent: number;
  position: number;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { insertTemplate } = useNodeActions();
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const { data, isPending, isError } = useQuery({
    queryKey: ['outlineTemplates', resource, search],
    queryFn: async () =>
      (
        await dataProvider.getTemplates(resource, {
          pagination: { page: 1, perPage: 20 },
          sort: { field: 'title', order: 'ASC' },
          filter: search.trim() ? { q: search.trim() } : {},
        })
      ).data,
  });
  const choose = async (id: number) => {
    setBusy(true);
    try {
      await insertTemplate(resource, id, parent, position);
      onClose();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="template-title">
      <DialogTitle id="template-title">{translate(`app.outline.templates.${resource}`)}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={translate('app.outline.templates.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ mt: 1 }}
        />
        {isPending ? (
          <Loader size="small" />
        ) : isError ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {translate('app.outline.templates.error')}
          </Alert>
        ) : data.length === 0 ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            {translate('app.outline.templates.none')}
          </Alert>
        ) : (
          <List aria-label={translate(`app.outline.templates.${resource}`)}>
            {data.map((template) => (
              <ListItemButton key={template.id} disabled={busy} onClick={() => void choose(Number(template.id))}>
                <ListItemText
                  primary={String(template.title ?? '')}
                  secondary={typeof template.description === 'string' ? template.description : undefined}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
