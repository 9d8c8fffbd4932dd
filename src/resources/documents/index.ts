import DescriptionIcon from '@mui/icons-material/Description';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const documents: ResourceDefinition = {
  name: 'documents',
  group: 'library',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  icon: DescriptionIcon,
  recordRepresentation: 'name',
};
