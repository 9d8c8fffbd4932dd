import { addMessages } from '../../i18n/lateMessages';
import { learningEn } from '../../i18n/learning.en';
import { learningFr } from '../../i18n/learning.fr';

// The words of enrolling and following learners load with their screens, not with the first page.
addMessages('fr', ['app', 'learning'], learningFr);
addMessages('en', ['app', 'learning'], learningEn);
