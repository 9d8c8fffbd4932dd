import { Alert, Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { EnrolmentPreview } from '../../domain/enrolmentPayloads';
import { useFormatDay } from '../learners/useFormatDay';
import { useEnrolmentWords } from './useEnrolmentWords';

/**
 * What « Aperçu » found: how many would be enrolled and how many already are, those enrolled again, the
 * due date it would set, the addresses no member has, and the first names; said again to a screen reader.
 */
export function EnrolPreviewPanel({ preview, stale }: { preview?: EnrolmentPreview; stale: boolean }) {
  const translate = useTranslate();
  const words = useEnrolmentWords();
  const formatDay = useFormatDay();
  return (
    <Box role="status" aria-live="polite" data-testid="enrol-preview">
      {preview && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 2, bgcolor: 'action.hover', borderRadius: 1 }}>
          <Typography sx={{ fontWeight: 'bold' }}>{words.previewOf(preview)}</Typography>
          <Typography variant="body2">
            {preview.dueAt
              ? translate('app.learning.enrol.preview_due', { day: formatDay(preview.dueAt) })
              : translate('app.learning.enrol.preview_no_due')}
          </Typography>
          {preview.unknownEmails.length > 0 && (
            <Alert severity="warning">
              {translate('app.learning.enrol.unknown_emails', { smart_count: preview.unknownEmails.length })}{' '}
              {preview.unknownEmails.join(', ')}
            </Alert>
          )}
          {preview.sample.length > 0 && (
            <>
              <Typography variant="body2">{translate('app.learning.enrol.sample')}</Typography>
              <List dense disablePadding>
                {preview.sample.map((person) => (
                  <ListItem key={person.id} disableGutters>
                    <ListItemText primary={person.name} secondary={person.email} sx={{ overflowWrap: 'anywhere' }} />
                  </ListItem>
                ))}
              </List>
            </>
          )}
          {stale && <Alert severity="info">{translate('app.learning.enrol.stale')}</Alert>}
        </Box>
      )}
    </Box>
  );
}
