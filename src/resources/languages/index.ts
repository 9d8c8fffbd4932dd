import TranslateIcon from '@mui/icons-material/Translate';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const languages: ResourceDefinition = {
  name: 'languages',
  group: 'settings',
  ...standardScreens('languages', load),
  icon: TranslateIcon,
  recordRepresentation: 'name',
};
