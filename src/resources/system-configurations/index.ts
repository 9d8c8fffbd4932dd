import SettingsIcon from '@mui/icons-material/Settings';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const systemConfigurations: ResourceDefinition = {
  name: 'system-configurations',
  group: 'settings',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: SettingsIcon,
  recordRepresentation: 'key',
};
