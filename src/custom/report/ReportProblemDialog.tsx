import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { maxLengthOf, tickets } from '../../domain/contracts';
import { TICKET_TYPE } from '../../domain/statuses';
import type { AppDataProvider } from '../../providers/dataProvider';

export interface ReportContext {
  /** The address of the screen the user was on. */
  url: string;
  browser: string;
}

/**
 * "Signaler un problème", for every role: a subject and a description; the screen's address
 * and the browser go with it. Filed as a bug ticket (`POST /api/tickets`, type 1), whose first message
 * is the description (`add-message`, status `created`): the reporter follows it in "Mes signalements".
 */
export function ReportProblemDialog({ context, onClose }: { context: ReportContext | undefined; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [incomplete, setIncomplete] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!context || sending) return;
    if (subject.trim() === '' || message.trim() === '') {
      setIncomplete(true);
      return;
    }
    setSending(true);
    try {
      const { data } = await dataProvider.create('tickets', {
        data: { type: TICKET_TYPE.bug, subject: subject.trim() },
      });
      const details = [
        translate('app.report.page', { url: context.url }),
        translate('app.report.browser', { browser: context.browser }),
      ];
      await dataProvider.addTicketMessage({
        id: data.id,
        message: `${message.trim()}\n\n${details.join('\n')}`,
        status: 'created',
      });
      await queryClient.invalidateQueries({ queryKey: ['tickets'] });
      notify('app.report.sent', { type: 'success' });
      setSubject('');
      setMessage('');
      setIncomplete(false);
      onClose();
    } catch {
      notify('app.report.error', { type: 'error' });
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      open={context !== undefined}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="report-problem-title"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="report-problem-title">{translate('app.report.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {incomplete && <Alert severity="warning">{translate('app.report.required')}</Alert>}
            <TextField
              label={translate('app.report.subject')}
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
              required
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: maxLengthOf(tickets, 'subject') } }}
            />
            <TextField
              label={translate('app.report.message')}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              required
              fullWidth
              multiline
              minRows={4}
            />
            {context && (
              <Stack spacing={0.5}>
                <Typography variant="caption" color="text.secondary">
                  {translate('app.report.context')}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {translate('app.report.page', { url: context.url })}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {translate('app.report.browser', { browser: context.browser })}
                </Typography>
              </Stack>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.report.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={sending}>
            {translate('app.report.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
