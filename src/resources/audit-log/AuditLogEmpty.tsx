import { Box, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { useTranslate } from 'react-admin';

/** The journal before its first entry: what it will hold, rather than a bare "no records". */
export function AuditLogEmpty() {
  const translate = useTranslate();
  return (
    <Box
      className="RaEmpty-message"
      sx={{ textAlign: 'center', maxWidth: 640, mx: 'auto', mt: { xs: 2, sm: 6 }, px: 2 }}
    >
      <HistoryIcon sx={{ fontSize: 96, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h5" component="h2" gutterBottom>
        {translate('resources.audit-log.name', { smart_count: 2 })}
      </Typography>
      <Typography color="text.secondary">{translate('resources.audit-log.empty')}</Typography>
    </Box>
  );
}
