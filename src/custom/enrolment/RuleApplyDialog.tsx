import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { Loader } from '../Loader';
import { useFormatDay } from '../learners/useFormatDay';
import { useEnrolmentWords } from './useEnrolmentWords';

/**
 * A rule's application to the members already there: its preview (who it would enrol, who already is, who
 * a manager unenrolled and the rule leaves alone, the due date, the first names), then « Appliquer », which
 * enrols them and says how many.
 */
export function RuleApplyDialog({ rule, onClose }: { rule: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const words = useEnrolmentWords();
  const formatDay = useFormatDay();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const preview = useQuery({
    queryKey: ['enrolment-rules', 'preview', String(rule.id)],
    queryFn: () => dataProvider.previewRule(rule.id),
    // Each opening counts again: members come and go.
    gcTime: 0,
    retry: false,
  });

  const apply = async () => {
    setBusy(true);
    try {
      const result = await dataProvider.applyRule(rule.id);
      await queryClient.invalidateQueries({ queryKey: ['participations'] });
      notify('app.learning.rule.applied', { type: 'success', messageArgs: { summary: words.doneOf(result) } });
      onClose();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'GenericError', { type: 'error' });
      setBusy(false);
    }
  };

  const result = preview.data;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      onClick={(event) => event.stopPropagation()}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {translate('app.learning.rule.apply_title', { name: String(rule.name ?? '') })}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <DialogContentText>{translate('app.learning.rule.apply_intro')}</DialogContentText>
        <div role="status" aria-live="polite" data-testid="rule-preview">
          {preview.isPending && <Loader size="small" />}
          {preview.isError && <Alert severity="error">{translate('app.learning.rule.preview_error')}</Alert>}
          {result && (
            <>
              <Typography sx={{ fontWeight: 'bold' }}>{words.previewOf(result)}</Typography>
              {result.unenrolled > 0 && (
                <Typography variant="body2">
                  {translate('app.learning.rule.unenrolled', { smart_count: result.unenrolled })}
                </Typography>
              )}
              <Typography variant="body2">
                {result.dueAt
                  ? translate('app.learning.enrol.preview_due', { day: formatDay(result.dueAt) })
                  : translate('app.learning.enrol.preview_no_due')}
              </Typography>
              {result.sample.length > 0 && (
                <>
                  <Typography variant="body2">{translate('app.learning.enrol.sample')}</Typography>
                  <List dense disablePadding>
                    {result.sample.map((person) => (
                      <ListItem key={person.id} disableGutters>
                        <ListItemText primary={person.name} secondary={person.email} />
                      </ListItem>
                    ))}
                  </List>
                </>
              )}
            </>
          )}
        </div>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={busy}
          disabled={!result || result.toEnrol === 0}
          onClick={() => void apply()}
        >
          {translate('app.learning.rule.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
