import { useRef, type ReactNode } from 'react';
import {
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  Tooltip,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { useTranslate } from 'react-admin';
import { ATTACHMENT_TYPES } from '../../../domain/ticketAttachments';
import { useFormatSize } from '../../library/formatBytes';
import type { AttachmentDraft } from './useAttachmentDraft';

/** The paperclip button: the file picker, several files at once, the accepted types offered first. */
export function AttachFilesButton({ draft, disabled }: { draft: AttachmentDraft; disabled?: boolean }) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Tooltip title={translate('app.ticket_attachments.attach')}>
        <span>
          <IconButton
            aria-label={translate('app.ticket_attachments.attach')}
            onClick={() => input.current?.click()}
            disabled={disabled}
          >
            <AttachFileIcon />
          </IconButton>
        </span>
      </Tooltip>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ATTACHMENT_TYPES.join(',')}
        data-testid="attach-files-input"
        onChange={(event) => {
          draft.add(Array.from(event.target.files ?? []));
          // The same file may be picked again after it was removed.
          event.target.value = '';
        }}
      />
    </>
  );
}

/** The files waiting to be sent, as chips: uploading, ready, or refused with why; each one removable. */
export function AttachmentDraftChips({ draft }: { draft: AttachmentDraft }) {
  const translate = useTranslate();
  const { size } = useFormatSize();
  if (draft.dragging && draft.files.length === 0)
    return (
      <Typography variant="body2" color="primary">
        {translate('app.ticket_attachments.drop_here')}
      </Typography>
    );
  if (draft.files.length === 0) return null;
  return (
    <FileList label={translate('app.ticket_attachments.pending')}>
      {draft.files.map((file) => (
        <li key={file.key} style={{ maxWidth: '100%' }}>
          <Chip
            data-testid="attachment-draft"
            data-state={file.state}
            color={file.state === 'failed' ? 'error' : 'default'}
            variant="outlined"
            icon={
              file.state === 'uploading' ? (
                <CircularProgress
                  size={16}
                  aria-label={translate('app.ticket_attachments.uploading', { name: file.name })}
                />
              ) : file.state === 'failed' ? (
                <ErrorOutlineIcon />
              ) : (
                <InsertDriveFileOutlinedIcon />
              )
            }
            label={
              file.state === 'failed'
                ? translate('app.ticket_attachments.failed', { name: file.name, reason: file.reason })
                : `${file.name} · ${size(file.size)}`
            }
            onDelete={() => draft.remove(file.key)}
            deleteIcon={<CancelIcon titleAccess={translate('app.ticket_attachments.remove', { name: file.name })} />}
            sx={{
              maxWidth: '100%',
              height: 'auto',
              '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.5 },
            }}
          />
        </li>
      ))}
      {draft.blocked && !draft.files.some((file) => file.state === 'uploading') && (
        <Typography component="li" variant="caption" color="error" sx={{ width: '100%' }}>
          {translate('app.ticket_attachments.wait_uploads')}
        </Typography>
      )}
    </FileList>
  );
}

/** Files in a row that wraps: the files to send, or those a message carries. */
export function FileList({ label, children, sx }: { label: string; children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Stack
      component="ul"
      aria-label={label}
      direction="row"
      useFlexGap
      spacing={1}
      sx={[
        { flexWrap: 'wrap', alignItems: 'center', listStyle: 'none', p: 0, m: 0 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Stack>
  );
}

/** The reply box while files are dragged over it: outlined, so that the drop is expected there. */
export const attachmentDropSx = (dragging: boolean) => ({
  borderRadius: 1,
  outline: dragging ? '2px dashed' : 'none',
  outlineColor: 'primary.main',
  outlineOffset: 4,
});
