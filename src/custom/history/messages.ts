import { addMessages } from '../../i18n/lateMessages';
import { historyEn } from '../../i18n/history.en';
import { historyFr } from '../../i18n/history.fr';

// The history's words load with it, not with the first page (lateMessages.ts).
addMessages('fr', ['app', 'history'], historyFr);
addMessages('en', ['app', 'history'], historyEn);
