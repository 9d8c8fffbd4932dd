import { addMessages } from '../../i18n/lateMessages';
import { outlineEn } from '../../i18n/outline.en';
import { outlineFr } from '../../i18n/outline.fr';

// The outline editor's words load with it, not with the first page (lateMessages.ts).
addMessages('fr', ['app', 'outline'], outlineFr);
addMessages('en', ['app', 'outline'], outlineEn);
