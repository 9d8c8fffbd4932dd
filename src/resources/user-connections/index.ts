import LoginIcon from '@mui/icons-material/Login';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const userConnections: ResourceDefinition = {
  name: 'user-connections',
  group: 'users',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  icon: LoginIcon,
  recordRepresentation: (connection: { connectedAt?: string }) => (connection.connectedAt ? new Date(connection.connectedAt).toLocaleString() : ''),
};
