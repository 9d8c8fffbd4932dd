import { accessRights } from './access-rights';
import { courses } from './courses';
import { tickets } from './tickets';
import type { ResourceDefinition } from './types';
import { users } from './users';

/** Every resource the back-office shows, in menu order. Adding one is a folder and a line here. */
export const resources: readonly ResourceDefinition[] = [users, courses, tickets, accessRights];
