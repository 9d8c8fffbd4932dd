import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const tags: ResourceDefinition = {
  name: 'tags',
  group: 'contents',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: LocalOfferIcon,
  recordRepresentation: 'name',
};
