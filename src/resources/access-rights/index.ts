import { lazy } from 'react';
import KeyIcon from '@mui/icons-material/Key';
import type { ResourceDefinition } from '../types';

export const accessRights: ResourceDefinition = {
  name: 'access-rights',
  list: lazy(() => import('./AccessRightList')),
  group: 'users',
  icon: KeyIcon,
  recordRepresentation: 'label',
};
