import { lazy } from 'react';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type { ResourceDefinition } from '../types';

export const tickets: ResourceDefinition = {
  name: 'tickets',
  list: lazy(() => import('./TicketList')),
  group: 'support',
  icon: SupportAgentIcon,
  recordRepresentation: 'subject',
};
