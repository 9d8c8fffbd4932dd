import { Box, Typography } from '@mui/material';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { CreateButton, useResourceDefinition, useTranslate } from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';

/**
 * The tickets list before the first ticket (a structure just signed up): what a ticket is and how one is
 * reported, rather than a bare "no ticket yet".
 */
export function TicketsEmpty() {
  const translate = useTranslate();
  const { hasCreate } = useResourceDefinition();
  return (
    <Box
      className="RaEmpty-message"
      sx={{ textAlign: 'center', maxWidth: 640, mx: 'auto', mt: { xs: 2, sm: 6 }, px: 2 }}
    >
      <SupportAgentIcon sx={{ fontSize: 96, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h5" component="h2" gutterBottom>
        {translate('app.tickets.empty.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.tickets.empty.what')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.tickets.empty.how')}
      </Typography>
      {hasCreate && sessionAllows('tickets', 'create') && <CreateButton variant="contained" />}
    </Box>
  );
}
