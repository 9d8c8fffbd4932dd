import { Menu } from 'react-admin';
import { resources } from '../../resources';
import { MENU_GROUPS } from '../../resources/types';
import { MenuGroup } from './MenuGroup';

/** The menu in the spec's sections, each showing only what the session may open. */
export function AppMenu() {
  return (
    <Menu>
      {MENU_GROUPS.map((group) => (
        <MenuGroup key={group} group={group} names={resources.filter((resource) => resource.group === group).map((resource) => resource.name)} />
      ))}
    </Menu>
  );
}
