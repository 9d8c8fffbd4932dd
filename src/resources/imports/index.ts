import UploadFileIcon from '@mui/icons-material/UploadFile';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const imports: ResourceDefinition = {
  name: 'imports',
  group: 'library',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  icon: UploadFileIcon,
  recordRepresentation: 'filename',
};
