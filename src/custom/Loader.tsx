import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The loader's three sizes in pixels, each twice the one before: small inside a block or a panel, medium
 * for a page's content, large while the whole page loads.
 */
export const LOADER_SIZES = { small: 32, medium: 64, large: 128 } as const;

/** A spinner of one of those sizes, announced to screen readers. */
export function Loader({ size = 'medium' }: { size?: keyof typeof LOADER_SIZES }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
      <CircularProgress size={LOADER_SIZES[size]} aria-label={translate('ra.page.loading')} />
    </Box>
  );
}
