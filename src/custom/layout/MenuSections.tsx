import { MenuList } from '@mui/material';
import SecurityIcon from '@mui/icons-material/Security';
import InsightsIcon from '@mui/icons-material/Insights';
import { DashboardMenuItem, MenuItemLink, useResourceDefinitions, useTranslate } from 'react-admin';
import { hasRole } from '../../domain/roles';
import { isPlatformStaff } from '../../domain/tenancy';
import { sessionStore } from '../../providers/sessionStore';
import { RIGHTS_ROUTE } from '../rights/rightsRoute';
import { LEARNING_REPORTS_ROUTE } from '../learningReports/learningRoutes';
import { sessionAllows } from '../../providers/authProvider';
import { MenuGroup } from './MenuGroup';
import { MENU_GROUPS } from './menuGroups';

/**
 * The home page ("Tableau de bord") and, for administrators, « Suivi »; then the menu's sections, each with
 * the resources the session may list; sections with none are left out. The resources are react-admin's, as
 * the app declared them (their section in `options.group`).
 */
export function MenuSections() {
  const translate = useTranslate();
  const definitions = Object.values(useResourceDefinitions());
  return (
    <>
      <MenuList aria-label={translate('ra.page.dashboard')} disablePadding>
        <DashboardMenuItem />
      </MenuList>
      {/* « Suivi », what a structure's administrators open the back-office for, beside the home page. */}
      {hasRole(sessionStore.getRoles(), 'ROLE_ADMIN') && (
        <MenuList aria-label={translate('app.learning_reports.menu')} disablePadding>
          <MenuItemLink
            to={LEARNING_REPORTS_ROUTE}
            primaryText={translate('app.learning_reports.menu')}
            leftIcon={<InsightsIcon />}
          />
        </MenuList>
      )}
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
