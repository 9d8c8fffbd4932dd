import BusinessIcon from '@mui/icons-material/Business';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

/**
 * The structures, clients of the platform: platform staff list and change them all; a structure's
 * administrators read their own (the rights table). They sign up or are invited, never created here.
 */
export const companies: ResourceDefinition = {
  name: 'companies',
  group: 'users',
  ...standardScreens('companies', load),
  icon: BusinessIcon,
  recordRepresentation: 'name',
};
