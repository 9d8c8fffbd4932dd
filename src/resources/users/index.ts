import PeopleIcon from '@mui/icons-material/People';
import { createElement } from 'react';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import { lazyComponent } from '../../custom/lazyComponent';
import { Loader } from '../../custom/Loader';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');
const loading = createElement(Loader, { size: 'small' });

/*
 * Issue 16: a user's page is where a user is read and changed (super admins change it in place, one's own
 * name and language change on "Mon compte"), so there is no separate edit screen that would offer an
 * admin a save the server refuses. A new user is invited.
 */
export const users: ResourceDefinition = {
  name: 'users',
  group: 'users',
  listSort: { field: 'lastName', order: 'ASC' },
  list: lazyScreen(load, 'List'),
  show: lazyComponent(() => import('../../custom/people/UserPage').then((module) => module.UserPage), loading),
  create: lazyComponent(() => import('../../custom/people/InviteUser').then((module) => module.InviteUser), loading),
  icon: PeopleIcon,
  recordRepresentation: (user: { firstName?: string; lastName?: string }) => `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim(),
};
