import { accessRights } from './accessRights';
import { auditLog } from './auditLog';
import { cannedReplies } from './cannedReplies';
import { chapterPartResponses } from './chapterPartResponses';
import { chapterParts } from './chapterParts';
import { chapters } from './chapters';
import { chapterValidations } from './chapterValidations';
import { comments } from './comments';
import { companies } from './companies';
import { countries } from './countries';
import { courses } from './courses';
import { documents } from './documents';
import { enrolmentRules } from './enrolmentRules';
import { errorCalls } from './errorCalls';
import { folders } from './folders';
import { imports } from './imports';
import { languages } from './languages';
import { modules } from './modules';
import { notesBo } from './notesBo';
import { notificationTemplates } from './notificationTemplates';
import { participations } from './participations';
import { recycleBin } from './recycleBin';
import { sheets } from './sheets';
import { skills } from './skills';
import { systemConfigurations } from './systemConfigurations';
import { tags } from './tags';
import { tickets } from './tickets';
import { userConnections } from './userConnections';
import { users } from './users';
import { userSupervisions } from './userSupervisions';
import type { ResourceContract } from './types';

export {
  accessRights,
  chapterPartResponses,
  chapterParts,
  chapters,
  chapterValidations,
  comments,
  companies,
  countries,
  courses,
  documents,
};
export {
  errorCalls,
  folders,
  imports,
  languages,
  modules,
  notesBo,
  notificationTemplates,
  participations,
  sheets,
  skills,
};
export { systemConfigurations, tags, tickets, userConnections, users, userSupervisions };
export { recycleBin };
export { auditLog };
export { cannedReplies };
export { enrolmentRules };
export { maxLengthOf } from './types';

/** Every resource of the API, in API.md's order: the server serves these, the documentation describes them. */
export const CONTRACTS: readonly ResourceContract[] = [
  users,
  userConnections,
  accessRights,
  userSupervisions,
  participations,
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
  enrolmentRules,
  countries,
  errorCalls,
  companies,
  recycleBin,
  auditLog,
];

export const CONTRACTS_BY_NAME: ReadonlyMap<string, ResourceContract> = new Map(
  CONTRACTS.map((contract) => [contract.name, contract]),
);

/** The contract of a resource, or an error naming it: a name nothing declares is a bug. */
export function contractOf(name: string): ResourceContract {
  const contract = CONTRACTS_BY_NAME.get(name);
  if (!contract) throw new Error(`No contract declares the resource "${name}".`);
  return contract;
}

/** Resources a list can search with `?q=`. */
export const isSearchable = (name: string): boolean => CONTRACTS_BY_NAME.get(name)?.search === true;
