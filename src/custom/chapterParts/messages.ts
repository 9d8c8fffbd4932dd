import { addMessages } from '../../i18n/lateMessages';
import { partsEn } from '../../i18n/parts.en';
import { partsFr } from '../../i18n/parts.fr';

// The editors' and previews' words load with them, not with the first page (lateMessages.ts).
addMessages('fr', ['app', 'parts'], partsFr);
addMessages('en', ['app', 'parts'], partsEn);
