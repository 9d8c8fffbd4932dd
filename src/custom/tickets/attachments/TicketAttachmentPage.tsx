import { Alert, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { attachmentKind } from '../../../domain/ticketAttachments';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useFormatSize } from '../../library/formatBytes';
import { Loader } from '../../Loader';
import { AttachmentPreview, DownloadAttachmentButton } from './AttachmentPreviewDialog';

/**
 * One attachment, where the author's e-mail links (`#/ticket-attachments/:id`): signed in first, as every
 * page of the back-office; then its name, size, preview and download, if the session may read it.
 */
export function TicketAttachmentPage() {
  const translate = useTranslate();
  const { size } = useFormatSize();
  const { id } = useParams();
  const dataProvider = useDataProvider<AppDataProvider>();
  const {
    data: attachment,
    isPending,
    isError,
  } = useQuery({
    queryKey: ['ticket-attachments', id],
    queryFn: () => dataProvider.getTicketAttachment(String(id)),
    retry: false,
  });
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2, maxWidth: 880, minWidth: 0 }}>
      <Title title={translate('app.ticket_attachments.page_title')} />
      <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
        {attachment?.name ?? translate('app.ticket_attachments.page_title')}
      </Typography>
      {isPending ? (
        <Loader size="medium" />
      ) : isError || !attachment ? (
        <Alert severity="warning">{translate('app.ticket_attachments.not_found')}</Alert>
      ) : (
        <Card>
          <CardContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {size(attachment.size)}
            </Typography>
            {attachmentKind(attachment.mimeType) !== 'file' && <AttachmentPreview attachment={attachment} />}
          </CardContent>
          <CardActions>
            <DownloadAttachmentButton attachment={attachment} />
            <Button component={Link} to="/account">
              {translate('app.ticket_attachments.back_to_account')}
            </Button>
          </CardActions>
        </Card>
      )}
    </Stack>
  );
}
