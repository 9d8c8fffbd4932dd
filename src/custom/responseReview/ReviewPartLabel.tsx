import { Box } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { partTypeLabel, partTypeOf } from '../chapterParts/registry';

/** A part in the review list: its type's icon, and its title (its type's name when it has none). */
export function ReviewPartLabel() {
  const translate = useTranslate();
  const part = useRecordContext();
  const definition = partTypeOf(part?.type);
  const Icon = definition?.icon;
  const title =
    typeof part?.title === 'string' && part.title
      ? part.title
      : definition
        ? translate(partTypeLabel(definition.type))
        : '';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {Icon && <Icon fontSize="small" color="action" aria-hidden />}
      {title}
    </Box>
  );
}
