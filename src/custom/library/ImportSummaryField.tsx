import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** A version's summary as words: "12 dossiers, 85 fiches". */
export function ImportSummaryField() {
  const record = useRecordContext();
  const translate = useTranslate();
  const summary = record?.summary as { folders?: number; sheets?: number } | undefined;
  if (!summary) return null;
  return (
    <Typography component="span" variant="body2">
      {translate('app.library.xmind.summary', { folders: summary.folders ?? 0, sheets: summary.sheets ?? 0 })}
    </Typography>
  );
}
