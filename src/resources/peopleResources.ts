import { accessRights } from './access-rights';
import { auditLog } from './audit-log';
import { cannedReplies } from './canned-replies';
import { companies } from './companies';
import { countries } from './countries';
import { enrolmentRules } from './enrolment-rules';
import { errorCalls } from './error-calls';
import { languages } from './languages';
import { notesBo } from './notes-bo';
import { notificationTemplates } from './notification-templates';
import { participations } from './participations';
import { systemConfigurations } from './system-configurations';
import { tickets } from './tickets';
import type { ResourceDefinition } from './types';
import { userConnections } from './user-connections';
import { userSupervisions } from './user-supervisions';
import { users } from './users';

/** People, support and settings: users, their structures and rights, tickets, notes, templates, reference data. */
export const peopleResources: readonly ResourceDefinition[] = [
  users,
  companies,
  accessRights,
  userSupervisions,
  participations,
  enrolmentRules,
  userConnections,
  tickets,
  cannedReplies,
  notesBo,
  notificationTemplates,
  errorCalls,
  auditLog,
  languages,
  systemConfigurations,
  countries,
];
