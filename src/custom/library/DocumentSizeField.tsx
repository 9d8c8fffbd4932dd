import { useRecordContext } from 'react-admin';
import { Typography } from '@mui/material';
import { useFormatSize } from './formatBytes';

/** A document's size in octets, Ko, Mo or Go, its exact count of bytes on hovering. */
export function DocumentSizeField() {
  const record = useRecordContext();
  const { size, exact } = useFormatSize();
  if (typeof record?.size !== 'number') return null;
  return (
    <Typography component="span" variant="body2" title={exact(record.size)}>
      {size(record.size)}
    </Typography>
  );
}
