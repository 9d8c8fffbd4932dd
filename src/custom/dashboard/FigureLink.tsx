import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState } from 'react-admin';

/**
 * A figure of the home page and what it counts, as one link to the list it counts (filtered as it was
 * counted). `alert` draws it in the error colour when it is not zero (late tickets).
 */
export function FigureLink({ to, value, label, alert }: { to: string; value: number; label: string; alert?: boolean }) {
  const [locale] = useLocaleState();
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      sx={{ display: 'flex', alignItems: 'baseline', gap: 1, py: 0.5, minWidth: 0 }}
    >
      <Box
        component="span"
        sx={{
          fontSize: '1.5rem',
          fontWeight: 600,
          minWidth: '2.5ch',
          color: alert && value > 0 ? 'error.main' : 'inherit',
        }}
      >
        {value.toLocaleString(locale)}
      </Box>
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {label}
      </Box>
    </Link>
  );
}
