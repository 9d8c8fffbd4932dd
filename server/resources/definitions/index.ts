import type { ResourceDeclaration } from '../types.ts';
import { accessRights } from './accessRights.ts';
import { chapterPartResponses } from './chapterPartResponses.ts';
import { chapterParts } from './chapterParts.ts';
import { chapters } from './chapters.ts';
import { chapterValidations } from './chapterValidations.ts';
import { comments } from './comments.ts';
import { countries } from './countries.ts';
import { courses } from './courses.ts';
import { documents } from './documents.ts';
import { errorCalls } from './errorCalls.ts';
import { folders } from './folders.ts';
import { imports } from './imports.ts';
import { languages } from './languages.ts';
import { modules } from './modules.ts';
import { notes } from './notes.ts';
import { notificationTemplates } from './notificationTemplates.ts';
import { participations } from './participations.ts';
import { sheets } from './sheets.ts';
import { skills } from './skills.ts';
import { systemConfigurations } from './systemConfigurations.ts';
import { tags } from './tags.ts';
import { tickets } from './tickets.ts';
import { userConnections } from './userConnections.ts';
import { users } from './users.ts';
import { userSupervisions } from './userSupervisions.ts';

/** Every resource of API.md's table. Adding a resource is one file and one line here. */
export const declarations: readonly ResourceDeclaration[] = [
  users, userConnections, accessRights, userSupervisions, participations, tags, skills, courses, modules,
  chapters, chapterParts, chapterPartResponses, chapterValidations, comments, languages, systemConfigurations,
  documents, notificationTemplates, notes, sheets, folders, imports, tickets, countries, errorCalls,
];

export const declarationsByName: ReadonlyMap<string, ResourceDeclaration> = new Map(
  declarations.map((declaration) => [declaration.name, declaration]),
);
