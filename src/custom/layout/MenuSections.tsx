import { MenuList } from '@mui/material';
import SecurityIcon from '@mui/icons-material/Security';
import { DashboardMenuItem, MenuItemLink, useResourceDefinitions, useTranslate } from 'react-admin';
import { isPlatformStaff } from '../../domain/tenancy';
import { sessionStore } from '../../providers/sessionStore';
import { RIGHTS_ROUTE } from '../rights/rightsRoute';
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
        // The rights screen, platform staff's, among the settings.
        const screens =
          group === 'settings' && isPlatformStaff(sessionStore.getRoles()) ? (
            <MenuItemLink to={RIGHTS_ROUTE} primaryText={translate('app.rights.menu')} leftIcon={<SecurityIcon />} />
          ) : undefined;
        return listable.length > 0 || screens ? (
          <MenuGroup key={group} group={group} resources={listable} screens={screens} />
        ) : null;
      })}
    </>
  );
}
