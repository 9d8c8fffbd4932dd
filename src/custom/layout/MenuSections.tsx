import { sessionAllows } from '../../providers/authProvider';
import { resources } from '../../resources';
import { MENU_GROUPS } from '../../resources/types';
import { MenuGroup } from './MenuGroup';

/** The menu's sections, each with the resources the session may list; sections with none are left out. */
export function MenuSections() {
  return (
    <>
      {MENU_GROUPS.map((group) => {
        const listable = resources.filter(
          (resource) => resource.group === group && sessionAllows(resource.name, 'list'),
        );
        return listable.length > 0 ? <MenuGroup key={group} group={group} resources={listable} /> : null;
      })}
    </>
  );
}
