import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** What a preview shows while the fields it needs are still empty. */
export function EmptyPreview() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
      {translate('app.parts.preview.empty')}
    </Typography>
  );
}
