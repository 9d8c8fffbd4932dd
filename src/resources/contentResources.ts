import { courses } from './courses';
import type { ResourceDefinition } from './types';

/** Contents and the library: courses and what they are made of, documents, sheets, folders, imports. */
export const contentResources: readonly ResourceDefinition[] = [courses];
