import PsychologyIcon from '@mui/icons-material/Psychology';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const skills: ResourceDefinition = {
  name: 'skills',
  group: 'contents',
  ...standardScreens('skills', load),
  icon: PsychologyIcon,
  recordRepresentation: 'name',
};
