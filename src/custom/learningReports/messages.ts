import { learningReportsEn } from '../../i18n/learningReports.en';
import { learningReportsFr } from '../../i18n/learningReports.fr';
import { addMessages } from '../../i18n/lateMessages';

// The reports' words load with their screens, not with a list's first page (lateMessages.ts).
addMessages('fr', ['app', 'learning_reports'], learningReportsFr);
addMessages('en', ['app', 'learning_reports'], learningReportsEn);
