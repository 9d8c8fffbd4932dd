import PsychologyIcon from '@mui/icons-material/Psychology';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const skills: ResourceDefinition = {
  name: 'skills',
  group: 'contents',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: PsychologyIcon,
  recordRepresentation: 'name',
};
