import type { ResourceProps } from 'react-admin';

/** What a resource folder declares: its screens (lazy-loaded), icon and how a record reads in one line. */
export type ResourceDefinition = Pick<
  ResourceProps,
  'name' | 'list' | 'create' | 'edit' | 'show' | 'icon' | 'recordRepresentation' | 'options'
>;
