import LoginIcon from '@mui/icons-material/Login';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const userConnections: ResourceDefinition = {
  name: 'user-connections',
  group: 'users',
  ...standardScreens('user-connections', load),
  icon: LoginIcon,
  recordRepresentation: (connection: { connectedAt?: string }) =>
    connection.connectedAt ? new Date(connection.connectedAt).toLocaleString() : '',
};
