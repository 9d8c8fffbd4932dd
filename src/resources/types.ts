import type { ResourceProps } from 'react-admin';
import type { ListSort } from '../custom/crud/listSort';

/** The menu's sections, in the order the menu shows them; labels under `app.menu.<group>`. */
export const MENU_GROUPS = ['contents', 'users', 'support', 'library', 'settings'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/**
 * What a resource folder declares: its screens (lazy-loaded), icon, how a record reads in one line, the
 * menu section it is listed in, and its list's order where its contract has no default order.
 */
export type ResourceDefinition = Pick<
  ResourceProps,
  'name' | 'list' | 'create' | 'edit' | 'show' | 'icon' | 'recordRepresentation' | 'options'
> & {
  group: MenuGroup;
  /**
   * The list's order until the user picks another, only where the contract leaves the API's to the ids
   * (listSortOf); in the entry, so that the first page can be asked for early.
   */
  listSort?: ListSort;
};
