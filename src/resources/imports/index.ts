import UploadFileIcon from '@mui/icons-material/UploadFile';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const imports: ResourceDefinition = {
  name: 'imports',
  group: 'library',
  ...standardScreens('imports', load),
  icon: UploadFileIcon,
  recordRepresentation: 'filename',
};
