import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { Identifier } from 'react-admin';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const chapterValidations: ResourceDefinition = {
  name: 'chapter-validations',
  group: 'users',
  listSort: { field: 'validatedAt', order: 'DESC' },
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: TaskAltIcon,
  recordRepresentation: (validation: { id: Identifier }) => `#${validation.id}`,
};
