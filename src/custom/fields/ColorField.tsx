import { Box } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

// The contract's colour format; anything else is shown as the text it is.
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * A colour as a swatch, not as its code: named for screen readers (and on hover) with its code, which a
 * user copying it elsewhere still finds.
 */
export function ColorField({ source }: { source: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const value = record?.[source];
  if (typeof value !== 'string' || !value) return null;
  if (!HEX_COLOR.test(value)) return <span>{value}</span>;
  const name = translate('app.fields.color', { color: value });
  return (
    <Box
      component="span"
      role="img"
      aria-label={name}
      title={name}
      sx={{
        display: 'inline-block',
        width: 24,
        height: 24,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        verticalAlign: 'middle',
        bgcolor: value,
      }}
    />
  );
}
