import { useCallback } from 'react';
import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { fileTypeOf } from '../../domain/fileTypes';

/** A MIME type as people name it ("PDF", "Image PNG"), in the session's language. */
export function useFileTypeLabel(): (mimeType: unknown) => string {
  const translate = useTranslate();
  return useCallback(
    (mimeType: unknown) => {
      const type = fileTypeOf(mimeType);
      return 'name' in type
        ? translate(`app.file_types.${type.name}`)
        : translate(`app.file_types.family.${type.family}`, { format: type.format });
    },
    [translate],
  );
}

/** A document's type by its name; the MIME type itself in the tooltip, for who needs it. */
export function DocumentTypeField() {
  const record = useRecordContext();
  const label = useFileTypeLabel();
  if (typeof record?.mimeType !== 'string') return null;
  return (
    <Typography component="span" variant="body2" title={record.mimeType}>
      {label(record.mimeType)}
    </Typography>
  );
}
