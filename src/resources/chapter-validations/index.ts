import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import { pairTitle } from '../../custom/crud/ReferencePairTitle';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const chapterValidations: ResourceDefinition = {
  name: 'chapter-validations',
  group: 'users',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: TaskAltIcon,
  recordRepresentation: pairTitle({ first: { source: 'user', reference: 'users' }, second: { source: 'chapter', reference: 'chapters' }, separator: ' · ' }),
};
