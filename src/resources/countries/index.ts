import PublicIcon from '@mui/icons-material/Public';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const countries: ResourceDefinition = {
  name: 'countries',
  group: 'settings',
  ...standardScreens('countries', load),
  icon: PublicIcon,
  recordRepresentation: 'name',
};
