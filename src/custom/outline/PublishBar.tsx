import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, AlertTitle, Box, Button, Chip, Link, List, ListItem, Typography } from '@mui/material';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/Unpublished';
import { Confirm, HttpError, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import RestoreIcon from '@mui/icons-material/Restore';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useOutline } from './OutlineContext';
import type { CourseOutline } from '../../domain/outline';
import { emptyChapters } from './outlineModel';
import { draftKey, useDraftFollowsOutline, useDraftState } from './useDraftState';
import { learnerChapterKey, learnerMenuKey } from './outlineQuery';

/** The refusal of a publish for empty chapters (publishing.ts), as opposed to any other failure. */
const isEmptyChapters = (error: unknown) =>
  error instanceof HttpError &&
  error.status === 422 &&
  Array.isArray((error.body as { violations?: unknown })?.violations) &&
  (error.body as { violations: { code?: string }[] }).violations.some(
    (violation) => violation.code === 'empty_chapter',
  );

/**
 * The course's status, its publication date, and the way to publish it (or back to draft) unless the
 * course is read-only; once published, whether its draft differs from what learners get, and the way to
 * publish those changes or discard them (after a confirmation). A publish the server refuses for chapters
 * without parts lists those chapters, each a link to its place in the outline.
 */
export function PublishBar({ reveal, readOnly }: { reveal: (chapter: number) => void; readOnly?: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { outline, refresh } = useOutline();
  const [refused, setRefused] = useState<boolean>(false);
  const [busy, setBusy] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  // The chapters are taken from the outline as it is now: a part added since clears them from the list.
  const blocking = refused ? emptyChapters(outline) : [];

  const change = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      setRefused(false);
      notify(done, { type: 'info' });
    } catch (error) {
      if (isEmptyChapters(error)) setRefused(true);
      else
        notify(error instanceof Error && error.message ? error.message : 'app.outline.action_error', { type: 'error' });
    } finally {
      await Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: ['courses'] }),
        queryClient.invalidateQueries({ queryKey: draftKey(outline.id) }),
        queryClient.invalidateQueries({ queryKey: learnerMenuKey(outline.id) }),
        queryClient.invalidateQueries({ queryKey: learnerChapterKey() }),
      ]);
      setBusy(false);
    }
  };
  const published = outline.status === 'published';
  // A published course's draft that differs from what learners get: published or discarded as a whole.
  const draft = useDraftState();
  useDraftFollowsOutline();
  const changed = published && Boolean(draft?.changed);
  return (
    <Box
      component="section"
      aria-label={translate('app.outline.publish.section')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip color={published ? 'success' : 'default'} label={translate(`choices.courseStatus.${outline.status}`)} />
        {published && outline.publishedAt && (
          <Typography variant="body2">
            {translate('app.outline.publish.since', { date: formatDate(outline, locale) })}
          </Typography>
        )}
        {changed && (
          <Chip color="warning" variant="outlined" label={translate('app.outline.draft.changed')} data-draft-changed />
        )}
        <Box sx={{ flex: 1 }} />
        {!readOnly && (!published || changed) && (
          // A draft course's first publish, or a published one's changes: the same action on the server.
          <Button
            variant="contained"
            startIcon={<PublishIcon />}
            disabled={busy}
            onClick={() =>
              void change(
                () => dataProvider.publish({ id: outline.id }),
                published ? 'app.outline.draft.published' : 'app.outline.publish.published',
              )
            }
          >
            {translate(published ? 'app.outline.draft.publish' : 'app.outline.publish.publish')}
          </Button>
        )}
        {changed && !readOnly && (
          <Button startIcon={<RestoreIcon />} disabled={busy} onClick={() => setDiscarding(true)}>
            {translate('app.outline.draft.discard')}
          </Button>
        )}
        {published && !readOnly && (
          <Button
            startIcon={<UnpublishedIcon />}
            disabled={busy}
            onClick={() =>
              void change(
                () =>
                  dataProvider.update('courses', {
                    id: outline.id,
                    data: { status: 'draft' },
                    previousData: { id: outline.id },
                  }),
                'app.outline.publish.unpublished',
              )
            }
          >
            {translate('app.outline.publish.unpublish')}
          </Button>
        )}
      </Box>
      <Confirm
        isOpen={discarding}
        title="app.outline.draft.confirm_title"
        content="app.outline.draft.confirm_content"
        confirm="app.outline.draft.discard"
        cancel="app.outline.draft.confirm_keep"
        loading={busy}
        onClose={() => setDiscarding(false)}
        onConfirm={() => {
          setDiscarding(false);
          void change(() => dataProvider.discardDraft({ id: outline.id }), 'app.outline.draft.discarded');
        }}
      />
      {refused && blocking.length > 0 && (
        <Alert severity="error" role="alert">
          <AlertTitle>{translate('app.outline.publish.refused')}</AlertTitle>
          <List dense disablePadding aria-label={translate('app.outline.publish.empty_chapters')}>
            {blocking.map(({ chapter, module }) => (
              <ListItem key={chapter.id} disableGutters>
                <Link component="button" type="button" onClick={() => reveal(chapter.id)} sx={{ textAlign: 'left' }}>
                  {translate('app.outline.publish.empty_chapter', { module: module.title, chapter: chapter.title })}
                </Link>
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
    </Box>
  );
}

function formatDate(outline: CourseOutline, locale: string): string {
  return new Date(outline.publishedAt ?? '').toLocaleString(locale === 'en' ? 'en-GB' : 'fr-FR', {
    dateStyle: 'long',
    timeStyle: 'short',
  });
}
