import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { standardScreens } from '../../custom/crud/lazyScreen';
import { pairTitle } from '../../custom/crud/ReferencePairTitle';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const chapterValidations: ResourceDefinition = {
  name: 'chapter-validations',
  group: 'users',
  ...standardScreens('chapter-validations', load),
  icon: TaskAltIcon,
  recordRepresentation: pairTitle({
    first: { source: 'user', reference: 'users' },
    second: { source: 'chapter', reference: 'chapters' },
    separator: ' · ',
  }),
};
