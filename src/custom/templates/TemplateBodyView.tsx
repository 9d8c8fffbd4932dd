import { useState } from 'react';
import { Box, Button, Stack } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useDataProvider, useNotify, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { FieldRenderProps } from '../crud/fieldSpec';
import { TemplatePreviewPanel } from './TemplatePreviewPanel';

/** A stored template's body on its page: the text, its preview in each locale, and a test mail to oneself. */
export function TemplateBodyView({ source }: FieldRenderProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const record = useRecordContext<RaRecord>();
  const [sending, setSending] = useState(false);
  if (!record) return null;

  async function sendTest() {
    setSending(true);
    try {
      await dataProvider.sendTemplateTest({ id: record!.id });
      notify('app.people.templates.test_sent', { type: 'success' });
    } catch (failure) {
      notify((failure as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
    setSending(false);
  }

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Box
        component="pre"
        sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', fontSize: 14 }}
      >
        {String(record[source] ?? '')}
      </Box>
      <TemplatePreviewPanel
        code={String(record.code ?? '')}
        subject={String(record.subject ?? record.name ?? '')}
        body={String(record[source] ?? '')}
      />
      <div>
        <Button size="small" variant="outlined" startIcon={<SendIcon />} onClick={sendTest} loading={sending}>
          {translate('app.people.templates.send_test')}
        </Button>
      </div>
    </Stack>
  );
}
