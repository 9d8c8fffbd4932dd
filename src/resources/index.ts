import { contentResources } from './contentResources';
import { peopleResources } from './peopleResources';
import type { ResourceDefinition } from './types';

/**
 * Every resource the back-office shows; the menu sorts them into its groups. Adding one is a folder and a
 * line. A session lands on the home page (src/custom/dashboard), not on a list.
 */
export const resources: readonly ResourceDefinition[] = [...peopleResources, ...contentResources];
