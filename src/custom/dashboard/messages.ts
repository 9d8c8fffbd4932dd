import { dashboardEn } from '../../i18n/dashboard.en';
import { dashboardFr } from '../../i18n/dashboard.fr';
import { addMessages } from '../../i18n/lateMessages';

// The home page's words load with it, not with a list's first page (lateMessages.ts).
addMessages('fr', ['app'], dashboardFr);
addMessages('en', ['app'], dashboardEn);
