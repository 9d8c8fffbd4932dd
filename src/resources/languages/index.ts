import TranslateIcon from '@mui/icons-material/Translate';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const languages: ResourceDefinition = {
  name: 'languages',
  group: 'settings',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: TranslateIcon,
  recordRepresentation: 'name',
};
