import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

/** "Corbeille": deleted records kept for a while, restored whole or erased for good (docs/API.md, "Recycle bin"). */
export const recycleBin: ResourceDefinition = {
  name: 'recycle-bin',
  group: 'library',
  ...standardScreens('recycle-bin', load),
  icon: RestoreFromTrashIcon,
  recordRepresentation: 'label',
};
