import { Button, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { useTranslate } from 'react-admin';
import { useFileTypeLabel } from '../../library/fileTypeLabel';
import { QuestionTitle } from '../shared/QuestionTitle';
import { textOf, type PartPreviewProps } from '../types';

/** The learner's file picker, with what it takes. */
export function InteractiveUploadPreview({ content }: PartPreviewProps) {
  const translate = useTranslate();
  const typeLabel = useFileTypeLabel();
  const accept = Array.isArray(content.accept)
    ? content.accept.filter((type): type is string => typeof type === 'string')
    : [];
  const maxSizeMb = typeof content.maxSizeMb === 'number' ? content.maxSizeMb : undefined;
  return (
    <>
      <QuestionTitle question={textOf(content.question)} />
      <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
        {translate('app.parts.preview.choose_file')}
        <input type="file" hidden accept={accept.join(',')} />
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {translate('app.parts.preview.upload_limits', {
          types: accept.map(typeLabel).join(', ') || '…',
          size: maxSizeMb ?? '…',
        })}
      </Typography>
    </>
  );
}
