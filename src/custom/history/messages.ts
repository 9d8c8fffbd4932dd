import { auditActionsEn, auditLogEn } from '../../i18n/auditLog.en';
import { auditActionsFr, auditLogFr } from '../../i18n/auditLog.fr';
import { historyEn } from '../../i18n/history.en';
import { historyFr } from '../../i18n/history.fr';
import { addMessages } from '../../i18n/lateMessages';

// The history's and the journal's words load with them, not with the first page (lateMessages.ts): the
// journal's screens register them here too.
addMessages('fr', ['app', 'history'], historyFr);
addMessages('en', ['app', 'history'], historyEn);
addMessages('fr', ['choices', 'auditAction'], auditActionsFr);
addMessages('en', ['choices', 'auditAction'], auditActionsEn);
addMessages('fr', ['resources', 'audit-log'], auditLogFr);
addMessages('en', ['resources', 'audit-log'], auditLogEn);
