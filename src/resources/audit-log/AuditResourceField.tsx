import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** The type of record an entry changed, by its French name (`Partie de chapitre`), never its API name. */
export function AuditResourceField() {
  const entry = useRecordContext();
  const translate = useTranslate();
  const resource = entry?.resource;
  if (typeof resource !== 'string') return null;
  return (
    <Typography variant="body2" component="span">
      {translate(`resources.${resource}.name`, { smart_count: 1, _: resource })}
    </Typography>
  );
}
