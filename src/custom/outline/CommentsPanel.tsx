import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { comments as commentContract, maxLengthOf } from '../../domain/contracts';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { CommentTarget } from '../../providers/actions';
import { Loader } from '../Loader';
import type { NodeKind } from './outlineModel';

const TARGET_OF: Record<NodeKind | 'course', CommentTarget> = {
  course: 'course',
  module: 'module',
  chapter: 'chapter',
  part: 'chapterPart',
};

/** The comments on the selected object (`GET /api/comments?{object}={id}`), oldest first, and a new one. */
export function CommentsPanel({ kind, id, label }: { kind: NodeKind | 'course'; id: number; label: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const object = TARGET_OF[kind];
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const comments = useQuery({
    queryKey: ['outlineComments', object, id],
    queryFn: async () =>
      (
        await dataProvider.getComments(
          { object, id },
          { pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'ASC' } },
        )
      ).data,
  });
  const send = async () => {
    if (!body.trim()) return;
    setBusy(true);
    try {
      await dataProvider.create('comments', { data: { body: body.trim(), [object]: id } });
      setBody('');
      notify('app.outline.comments.added', { type: 'info' });
      await comments.refetch();
    } catch {
      notify('app.outline.comments.error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="section" aria-label={translate('app.outline.comments.of', { title: label })}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {translate('app.outline.comments.of', { title: label })}
      </Typography>
      {comments.isPending ? (
        <Loader size="small" />
      ) : comments.isError ? (
        <Alert severity="error">{translate('app.outline.comments.load_error')}</Alert>
      ) : comments.data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.outline.comments.none')}</Typography>
      ) : (
        <List dense>
          {comments.data.map((comment) => (
            <ListItem key={comment.id} disableGutters>
              <ListItemText
                primary={String(comment.body ?? '')}
                secondary={
                  typeof comment.createdAt === 'string'
                    ? new Date(comment.createdAt).toLocaleString(locale === 'en' ? 'en-GB' : 'fr-FR')
                    : undefined
                }
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <TextField
        label={translate('app.outline.comments.new')}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: maxLengthOf(commentContract, 'body') } }}
      />
      <Button sx={{ mt: 1 }} variant="outlined" disabled={busy || !body.trim()} onClick={() => void send()}>
        {translate('app.outline.comments.send')}
      </Button>
    </Box>
  );
}
