import { Box } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { partTypeLabel, partTypeOf } from './registry';

/** A part's type with its icon, in the parts list and the side panel. */
export function PartTypeField() {
  const translate = useTranslate();
  const record = useRecordContext();
  const definition = partTypeOf(record?.type);
  if (!definition) return <span>{String(record?.type ?? '')}</span>;
  const Icon = definition.icon;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
      <Icon fontSize="small" color="action" aria-hidden />
      {translate(partTypeLabel(definition.type))}
    </Box>
  );
}
