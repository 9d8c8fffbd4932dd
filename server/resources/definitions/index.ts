import type { ResourceDeclaration } from '../types.ts';
import { accessRightsDeclaration as accessRights } from './accessRights.ts';
import { auditLogDeclaration as auditLog } from './auditLog.ts';
import { cannedRepliesDeclaration as cannedReplies } from './cannedReplies.ts';
import { chapterPartResponsesDeclaration as chapterPartResponses } from './chapterPartResponses.ts';
import { chapterPartsDeclaration as chapterParts } from './chapterParts.ts';
import { chaptersDeclaration as chapters } from './chapters.ts';
import { chapterValidationsDeclaration as chapterValidations } from './chapterValidations.ts';
import { commentsDeclaration as comments } from './comments.ts';
import { companiesDeclaration as companies } from './companies.ts';
import { countriesDeclaration as countries } from './countries.ts';
import { coursesDeclaration as courses } from './courses.ts';
import { documentsDeclaration as documents } from './documents.ts';
import { enrolmentRulesDeclaration as enrolmentRules } from './enrolmentRules.ts';
import { errorCallsDeclaration as errorCalls } from './errorCalls.ts';
import { foldersDeclaration as folders } from './folders.ts';
import { importsDeclaration as imports } from './imports.ts';
import { languagesDeclaration as languages } from './languages.ts';
import { modulesDeclaration as modules } from './modules.ts';
import { notesBoDeclaration as notesBo } from './notesBo.ts';
import { notificationTemplatesDeclaration as notificationTemplates } from './notificationTemplates.ts';
import { participationsDeclaration as participations } from './participations.ts';
import { recycleBinDeclaration as recycleBin } from './recycleBin.ts';
import { sheetsDeclaration as sheets } from './sheets.ts';
import { skillsDeclaration as skills } from './skills.ts';
import { systemConfigurationsDeclaration as systemConfigurations } from './systemConfigurations.ts';
import { tagsDeclaration as tags } from './tags.ts';
import { ticketsDeclaration as tickets } from './tickets.ts';
import { userConnectionsDeclaration as userConnections } from './userConnections.ts';
import { usersDeclaration as users } from './users.ts';
import { userSupervisionsDeclaration as userSupervisions } from './userSupervisions.ts';

/** Every resource of API.md's table: its contract (src/domain/contracts) with its storage (a file here). */
export const declarations: readonly ResourceDeclaration[] = [
  users,
  userConnections,
  accessRights,
  userSupervisions,
  participations,
  enrolmentRules,
  tags,
  skills,
  courses,
  modules,
  chapters,
  chapterParts,
  chapterPartResponses,
  chapterValidations,
  comments,
  languages,
  systemConfigurations,
  documents,
  notificationTemplates,
  notesBo,
  sheets,
  folders,
  imports,
  tickets,
  cannedReplies,
  countries,
  errorCalls,
  companies,
  recycleBin,
  auditLog,
];

export const declarationsByName: ReadonlyMap<string, ResourceDeclaration> = new Map(
  declarations.map((declaration) => [declaration.name, declaration]),
);
