import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { sizeParts } from './formatBytes';

/** A document's size in o / Ko / Mo (B / KB / MB in English), with the locale's decimal comma. */
export function DocumentSizeField() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (typeof record?.size !== 'number') return null;
  const { n, unit } = sizeParts(record.size);
  return (
    <Typography component="span" variant="body2" title={`${record.size}`}>
      {translate(`app.library.size.${unit}`, { n: n.toLocaleString(locale) })}
    </Typography>
  );
}
