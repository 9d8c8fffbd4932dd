/** The menu's sections, in the order the menu shows them; labels under `app.menu.<group>`. */
export const MENU_GROUPS = ['contents', 'users', 'support', 'library', 'settings'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];
