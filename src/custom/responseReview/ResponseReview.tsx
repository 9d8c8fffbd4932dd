import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import SaveIcon from '@mui/icons-material/Save';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import {
  Loading,
  Title,
  useCreatePath,
  useDataProvider,
  useGetOne,
  useNotify,
  useRecordContext,
  useStore,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import '../chapterParts/messages';
import { PartPreview } from '../chapterParts/PartPreview';
import { partTypeLabel, partTypeOf } from '../chapterParts/registry';
import { AnswerView } from './AnswerView';
import { nextSubmitted } from './nextResponse';
import { STATUS_COLOR } from './ResponseStatusField';

type Decision = 'validated' | 'rejected';

/**
 * Reviewing one learner's answer: where it comes from (chapter, part, learner), the part as the
 * learner saw it, their answer, and the verdict with feedback: Alt+V validates, Alt+R rejects (from the
 * feedback box too), Alt+N skips; each verdict goes on to the oldest answer still waiting in the list's selection.
 */
export function ResponseReview() {
  const { id } = useParams<{ id: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider();
  const contextRecord = useRecordContext();
  const {
    data: response,
    isPending,
    refetch,
  } = useGetOne<RaRecord>('chapter-part-responses', { id: id ?? contextRecord?.id });
  const { data: part } = useGetOne<RaRecord>(
    'chapter-parts',
    { id: response?.chapterPart },
    { enabled: response?.chapterPart != null },
  );
  const { data: chapter } = useGetOne<RaRecord>('chapters', { id: part?.chapter }, { enabled: part?.chapter != null });
  const { data: learner } = useGetOne<RaRecord>('users', { id: response?.user }, { enabled: response?.user != null });
  const [feedback, setFeedback] = useState('');
  const [saving, setSaving] = useState(false);
  const [shownId, setShownId] = useState<unknown>();
  // The review list's selection (react-admin keeps its parameters in the store): the next answer comes from it.
  const [listParams] = useStore<{ filter?: Record<string, unknown> }>('chapter-part-responses.listParams');
  const selection = listParams?.filter;

  // Each answer starts from its own feedback.
  if (response && shownId !== response.id) {
    setShownId(response.id);
    setFeedback(typeof response.feedback === 'string' ? response.feedback : '');
  }

  const goNext = useCallback(async () => {
    if (!response) return;
    const next = await nextSubmitted(dataProvider, response.id, selection);
    if (next === undefined) {
      notify('app.parts.review.all_done', { type: 'info' });
      navigate(createPath({ resource: 'chapter-part-responses', type: 'list' }));
    } else navigate(createPath({ resource: 'chapter-part-responses', id: next, type: 'edit' }));
  }, [createPath, dataProvider, navigate, notify, response, selection]);

  const decide = useCallback(
    async (status: Decision) => {
      if (!response || saving) return;
      setSaving(true);
      try {
        await dataProvider.update('chapter-part-responses', {
          id: response.id,
          data: { status, feedback: feedback.trim() || null },
          previousData: response,
        });
        notify(`app.parts.review.done_${status}`, { type: 'success' });
        await goNext();
      } catch (error) {
        notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', {
          type: 'error',
        });
        void refetch();
      } finally {
        setSaving(false);
      }
    },
    [dataProvider, feedback, goNext, notify, refetch, response, saving],
  );

  // The feedback alone, the verdict left as it is (a note added to an answer reviewed earlier).
  const saveFeedback = useCallback(async () => {
    if (!response || saving) return;
    setSaving(true);
    try {
      await dataProvider.update('chapter-part-responses', {
        id: response.id,
        data: { feedback: feedback.trim() || null },
        previousData: response,
      });
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      navigate(createPath({ resource: 'chapter-part-responses', type: 'list' }));
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  }, [createPath, dataProvider, feedback, navigate, notify, response, saving]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const action = { KeyV: () => decide('validated'), KeyR: () => decide('rejected'), KeyN: () => goNext() }[
        event.code
      ];
      if (!action) return;
      event.preventDefault();
      void action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decide, goNext]);

  if (isPending || !response) return <Loading />;
  const definition = partTypeOf(part?.type);
  const status = String(response.status ?? 'submitted') as keyof typeof STATUS_COLOR;
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', mt: 2 }}>
      <Title title={translate('app.parts.review.title')} />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }} useFlexGap>
            <Typography variant="body2" color="text.secondary">
              {[chapter?.title, part?.title || (definition ? translate(partTypeLabel(definition.type)) : undefined)]
                .filter(Boolean)
                .join(' › ')}
            </Typography>
            <Chip
              size="small"
              color={STATUS_COLOR[status] ?? 'default'}
              label={translate(`choices.responseStatus.${status}`)}
            />
          </Stack>
          <Typography variant="h6" component="h2">
            {learner
              ? `${String(learner.firstName ?? '')} ${String(learner.lastName ?? '')}`.trim() ||
                String(learner.email ?? '')
              : '…'}
          </Typography>
          <Box component="section" aria-labelledby="review-question" sx={{ mt: 2 }}>
            <Typography id="review-question" variant="overline" component="h3" color="text.secondary">
              {translate('app.parts.review.question')}
            </Typography>
            {part && <PartPreview type={part.type} content={part.content} />}
          </Box>
          <Box component="section" aria-labelledby="review-answer" sx={{ mt: 2 }}>
            <Typography id="review-answer" variant="overline" component="h3" color="text.secondary">
              {translate('app.parts.review.answer')}
            </Typography>
            {part && <AnswerView part={part as { type?: unknown; content?: unknown }} value={response.value} />}
          </Box>
          <TextField
            label={translate('resources.chapter-part-responses.fields.feedback')}
            name="feedback"
            value={feedback}
            onChange={(event) => setFeedback(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            autoFocus
            sx={{ mt: 3 }}
            helperText={translate('app.parts.review.shortcuts')}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
            <Button
              variant="contained"
              color="success"
              startIcon={<CheckIcon />}
              disabled={saving}
              onClick={() => void decide('validated')}
              aria-keyshortcuts="Alt+V"
            >
              {translate('app.parts.review.validate')}
            </Button>
            <Button
              variant="contained"
              color="error"
              startIcon={<CloseIcon />}
              disabled={saving}
              onClick={() => void decide('rejected')}
              aria-keyshortcuts="Alt+R"
            >
              {translate('app.parts.review.reject')}
            </Button>
            <Button variant="outlined" startIcon={<SaveIcon />} disabled={saving} onClick={() => void saveFeedback()}>
              {translate('ra.action.save')}
            </Button>
            <Button
              startIcon={<SkipNextIcon />}
              disabled={saving}
              onClick={() => void goNext()}
              aria-keyshortcuts="Alt+N"
            >
              {translate('app.parts.review.next')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
