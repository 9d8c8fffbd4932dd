import PeopleIcon from '@mui/icons-material/People';
import { createElement } from 'react';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import { lazyComponent } from '../../custom/lazyComponent';
import { Loader } from '../../custom/Loader';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');
const loading = createElement(Loader, { size: 'small' });

/*
 * A user's page where admins read everything about a user; the edit screen offers only the
 * fields the session may write (UserEdit.tsx, beside this file); a new user is invited.
 */
export const users: ResourceDefinition = {
  name: 'users',
  group: 'users',
  listSort: { field: 'lastName', order: 'ASC' },
  list: lazyScreen(load, 'List'),
  show: lazyComponent(() => import('./UserPage').then((module) => module.UserPage), loading),
  edit: lazyComponent(() => import('./UserEdit').then((module) => module.UserEdit), loading),
  create: lazyComponent(() => import('./InviteUser').then((module) => module.InviteUser), loading),
  icon: PeopleIcon,
  recordRepresentation: (user: { firstName?: string; lastName?: string }) =>
    `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim(),
};
