import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import type { User } from '../../domain/records';
import type { ResourceDefinition } from '../types';

export const users: ResourceDefinition = {
  name: 'users',
  list: lazy(() => import('./UserList')),
  group: 'users',
  icon: PeopleIcon,
  recordRepresentation: (user: User) => `${user.firstName} ${user.lastName}`,
};
