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
import type { ResourceContract } from './types.ts';

export { accessRights, chapterPartResponses, chapterParts, chapters, chapterValidations, comments, countries, courses, documents };
export { errorCalls, folders, imports, languages, modules, notes, notificationTemplates, participations, sheets, skills };
export { systemConfigurations, tags, tickets, userConnections, users, userSupervisions };

/** Every resource of the API, in API.md's order: the server serves these, the documentation describes them. */
export const CONTRACTS: readonly ResourceContract[] = [
  users, userConnections, accessRights, userSupervisions, participations, tags, skills, courses, modules,
  chapters, chapterParts, chapterPartResponses, chapterValidations, comments, languages, systemConfigurations,
  documents, notificationTemplates, notes, sheets, folders, imports, tickets, countries, errorCalls,
];

export const CONTRACTS_BY_NAME: ReadonlyMap<string, ResourceContract> = new Map(CONTRACTS.map((contract) => [contract.name, contract]));

/** The contract of a resource, or an error naming it: a name nothing declares is a bug. */
export function contractOf(name: string): ResourceContract {
  const contract = CONTRACTS_BY_NAME.get(name);
  if (!contract) throw new Error(`No contract declares the resource "${name}".`);
  return contract;
}

/** Resources a list can search with `?q=`. */
export const isSearchable = (name: string): boolean => CONTRACTS_BY_NAME.get(name)?.search === true;
