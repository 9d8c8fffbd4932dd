import { accessRights } from './access-rights';
import { tickets } from './tickets';
import type { ResourceDefinition } from './types';
import { users } from './users';

/** People, support and settings: users and their rights and progress, tickets, notes, templates, reference data. */
export const peopleResources: readonly ResourceDefinition[] = [users, accessRights, tickets];
