import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

export const STATUS_COLOR = { submitted: 'default', validated: 'success', rejected: 'error' } as const;

/** An answer's status as a coloured chip: waiting, validated (green), rejected (red). */
export function ResponseStatusField() {
  const translate = useTranslate();
  const record = useRecordContext();
  const status = String(record?.status ?? 'submitted') as keyof typeof STATUS_COLOR;
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status] ?? 'default'}
      label={translate(`choices.responseStatus.${status}`)}
    />
  );
}
