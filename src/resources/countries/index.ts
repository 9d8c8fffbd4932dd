import PublicIcon from '@mui/icons-material/Public';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const countries: ResourceDefinition = {
  name: 'countries',
  group: 'settings',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  icon: PublicIcon,
  recordRepresentation: 'name',
};
