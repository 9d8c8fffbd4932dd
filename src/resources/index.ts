import { contentResources } from './contentResources';
import { peopleResources } from './peopleResources';
import type { ResourceDefinition } from './types';

/**
 * Every resource the back-office shows; the menu sorts them into its groups. Adding one is a folder and a
 * line. The first a session may open is where it lands after login: the users (a contributor, their own).
 */
export const resources: readonly ResourceDefinition[] = [...peopleResources, ...contentResources];
