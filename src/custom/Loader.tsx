import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Spec section 9: the loader's three sizes, in pixels. */
export const LOADER_SIZES = { small: 32, medium: 64, large: 128 } as const;

/** A spinner of the spec's sizes, announced to screen readers. */
export function Loader({ size = 'medium' }: { size?: keyof typeof LOADER_SIZES }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
      <CircularProgress size={LOADER_SIZES[size]} aria-label={translate('ra.page.loading')} />
    </Box>
  );
}
