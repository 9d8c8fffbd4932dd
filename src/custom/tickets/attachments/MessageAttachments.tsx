import { useState } from 'react';
import { Box, ButtonBase, Chip, Skeleton } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { attachmentKind, type TicketAttachment } from '../../../domain/ticketAttachments';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { saveInBrowser } from '../../../providers/transfer';
import { useFormatSize } from '../../library/formatBytes';
import { FileList } from './AttachmentDraftBar';
import { AttachmentPreviewDialog } from './AttachmentPreviewDialog';
import { useAttachmentFile, useCarriedAttachments } from './useTicketAttachments';

function Thumbnail({ attachment, onOpen }: { attachment: TicketAttachment; onOpen: () => void }) {
  const translate = useTranslate();
  const { url } = useAttachmentFile(attachment);
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={translate('app.ticket_attachments.open_image', { name: attachment.name })}
      data-testid="attachment-thumbnail"
      sx={{ width: 96, height: 72, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
    >
      {url ? (
        <Box component="img" src={url} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Skeleton variant="rectangular" width={96} height={72} />
      )}
    </ButtonBase>
  );
}

/** A file without a preview: its name and size; a click saves it. */
function DownloadChip({ attachment }: { attachment: TicketAttachment }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { size } = useFormatSize();
  const [busy, setBusy] = useState(false);
  const label = `${attachment.name} · ${size(attachment.size)}`;
  async function download() {
    setBusy(true);
    try {
      saveInBrowser({ blob: await dataProvider.fetchTicketAttachment(attachment.id), filename: attachment.name });
    } catch {
      notify('app.ticket_attachments.not_found', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Chip
      icon={<DownloadIcon />}
      variant="outlined"
      label={label}
      // The visible label inside the accessible name, as speech input expects it.
      aria-label={translate('app.ticket_attachments.download', { name: label })}
      onClick={() => void download()}
      disabled={busy}
      sx={{ maxWidth: '100%' }}
    />
  );
}

/**
 * The files a message or a note carries, under its text: images as thumbnails and PDFs as chips that
 * open a preview, other files as chips that download; nothing when it carries none.
 */
export function MessageAttachments({
  ticketId,
  carrier,
}: {
  ticketId: Identifier | undefined;
  carrier: { message: Identifier } | { note: Identifier };
}) {
  const translate = useTranslate();
  const { size } = useFormatSize();
  const attachments = useCarriedAttachments(ticketId, carrier);
  const [open, setOpen] = useState<TicketAttachment>();
  if (attachments.length === 0) return null;
  return (
    <>
      <FileList label={translate('app.ticket_attachments.list')} sx={{ mt: 1 }}>
        {attachments.map((attachment) => (
          <li key={attachment.id} style={{ maxWidth: '100%' }}>
            {attachmentKind(attachment.mimeType) === 'image' ? (
              <Thumbnail attachment={attachment} onOpen={() => setOpen(attachment)} />
            ) : attachmentKind(attachment.mimeType) === 'pdf' ? (
              <Chip
                icon={<PictureAsPdfIcon />}
                variant="outlined"
                label={`${attachment.name} · ${size(attachment.size)}`}
                aria-label={translate('app.ticket_attachments.open_pdf', {
                  name: `${attachment.name} · ${size(attachment.size)}`,
                })}
                onClick={() => setOpen(attachment)}
                sx={{ maxWidth: '100%' }}
              />
            ) : (
              <DownloadChip attachment={attachment} />
            )}
          </li>
        ))}
      </FileList>
      <AttachmentPreviewDialog attachment={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
