import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { attachmentKind, type TicketAttachment } from '../../../domain/ticketAttachments';
import { saveInBrowser } from '../../../providers/transfer';
import { PdfPreview } from '../../library/PdfPreview';
import { useAttachmentFile } from './useTicketAttachments';

/** An attachment's bytes, drawn as what they are: the image itself, a PDF's first page (pdf.js). */
export function AttachmentPreview({ attachment }: { attachment: TicketAttachment }) {
  const translate = useTranslate();
  const { blob, url, isError } = useAttachmentFile(attachment);
  if (isError) return <Typography role="alert">{translate('app.ticket_attachments.not_found')}</Typography>;
  if (!blob || !url) return <CircularProgress aria-label={translate('app.ticket_attachments.loading')} />;
  return attachmentKind(attachment.mimeType) === 'pdf' ? (
    <PdfPreview blob={blob} name={attachment.name} />
  ) : (
    <Box
      component="img"
      src={url}
      alt={attachment.name}
      data-testid="attachment-preview-image"
      sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto' }}
    />
  );
}

/** Saves an attachment on the user's machine under its own name. */
export function DownloadAttachmentButton({ attachment }: { attachment: TicketAttachment }) {
  const translate = useTranslate();
  const { blob } = useAttachmentFile(attachment);
  return (
    <Button
      startIcon={<DownloadIcon />}
      disabled={!blob}
      onClick={() => blob && saveInBrowser({ blob, filename: attachment.name })}
      aria-label={translate('app.ticket_attachments.download', { name: attachment.name })}
    >
      {translate('app.ticket_attachments.download_button')}
    </Button>
  );
}

/** The preview of an image or a PDF of the thread, with its download. */
export function AttachmentPreviewDialog({
  attachment,
  onClose,
}: {
  attachment: TicketAttachment | undefined;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={attachment !== undefined} onClose={onClose} maxWidth="md" fullWidth>
      {attachment && (
        <>
          <DialogTitle sx={{ overflowWrap: 'anywhere' }}>
            {translate('app.ticket_attachments.preview_title', { name: attachment.name })}
          </DialogTitle>
          <DialogContent>
            <AttachmentPreview attachment={attachment} />
          </DialogContent>
          <DialogActions>
            <DownloadAttachmentButton attachment={attachment} />
            <Button onClick={onClose}>{translate('app.library.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
