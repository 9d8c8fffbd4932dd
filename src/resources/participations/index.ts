import HowToRegIcon from '@mui/icons-material/HowToReg';
import { standardScreens } from '../../custom/crud/lazyScreen';
import { pairTitle } from '../../custom/crud/ReferencePairTitle';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const participations: ResourceDefinition = {
  name: 'participations',
  group: 'users',
  listSort: { field: 'createdAt', order: 'DESC' },
  ...standardScreens('participations', load),
  icon: HowToRegIcon,
  recordRepresentation: pairTitle({
    first: { source: 'user', reference: 'users' },
    second: { source: 'course', reference: 'courses' },
    separator: ' · ',
  }),
};
