import SettingsIcon from '@mui/icons-material/Settings';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const systemConfigurations: ResourceDefinition = {
  name: 'system-configurations',
  group: 'settings',
  ...standardScreens('system-configurations', load),
  icon: SettingsIcon,
  recordRepresentation: 'key',
};
