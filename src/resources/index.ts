import { contentResources } from './contentResources';
import { peopleResources } from './peopleResources';
import type { ResourceDefinition } from './types';

/** Every resource the back-office shows; the menu sorts them into its groups. Adding one is a folder and a line. */
export const resources: readonly ResourceDefinition[] = [...contentResources, ...peopleResources];
