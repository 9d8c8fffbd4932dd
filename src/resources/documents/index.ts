import DescriptionIcon from '@mui/icons-material/Description';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const documents: ResourceDefinition = {
  name: 'documents',
  group: 'library',
  ...standardScreens('documents', load),
  icon: DescriptionIcon,
  recordRepresentation: 'name',
};
