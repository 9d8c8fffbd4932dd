import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** A list of codes (a user's roles) as chips of their labels (`choices.<group>.<code>`), never the raw codes. */
export function ChoiceChips({ source, group }: { source: string; group: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const values = record?.[source];
  if (!Array.isArray(values) || values.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {values.map((value) => (
        <Chip
          key={String(value)}
          size="small"
          label={translate(`choices.${group}.${String(value)}`, { _: String(value) })}
        />
      ))}
    </Stack>
  );
}
