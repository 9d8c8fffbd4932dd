import { MenuList } from '@mui/material';
import { DashboardMenuItem, useResourceDefinitions, useTranslate } from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';
import { MenuGroup } from './MenuGroup';
import { MENU_GROUPS } from './menuGroups';

/**
 * The home page ("Tableau de bord"), then the menu's sections, each with the resources the session may
 * list; sections with none are left out. The resources are react-admin's, as the app declared them (their
 * section in `options.group`).
 */
export function MenuSections() {
  const translate = useTranslate();
  const definitions = Object.values(useResourceDefinitions());
  return (
    <>
      <MenuList aria-label={translate('ra.page.dashboard')} disablePadding>
        <DashboardMenuItem />
      </MenuList>
      {MENU_GROUPS.map((group) => {
        const listable = definitions.filter(
          (resource) => resource.options?.group === group && sessionAllows(resource.name, 'list'),
        );
        return listable.length > 0 ? <MenuGroup key={group} group={group} resources={listable} /> : null;
      })}
    </>
  );
}
