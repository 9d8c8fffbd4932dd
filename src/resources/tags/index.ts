import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const tags: ResourceDefinition = {
  name: 'tags',
  group: 'contents',
  ...standardScreens('tags', load),
  icon: LocalOfferIcon,
  recordRepresentation: 'name',
};
