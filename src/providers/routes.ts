import type { Identifier } from 'react-admin';
import { restorePath, revisionsPath } from '../domain/audit';
import { exportPath } from '../domain/csvExport';

/**
 * Every path the back-office calls beyond `/api/{resource}[/{id}]`, in one table, so that
 * no screen writes a URL. The few that break the pattern are marked.
 */
export const API = '/api';

const id = (value: Identifier) => encodeURIComponent(String(value));

export const routes = {
  collection: (resource: string) => `${API}/${resource}`,
  item: (resource: string, key: Identifier) => `${API}/${resource}/${id(key)}`,
  /** Breaks the pattern: folders are deleted at the singular. */
  delete: (resource: string, key: Identifier) => `${API}/${resource === 'folders' ? 'folder' : resource}/${id(key)}`,
  /** A list's whole filtered result as CSV, with the list's own query string. */
  listExport: exportPath,
  action: (resource: string, key: Identifier, action: string) => `${API}/${resource}/${id(key)}/${action}`,
  /** Breaks the pattern: the session's own bug tickets. */
  myBugTickets: `${API}/tickets/user`,
  /** Reference-server extensions: a ticket's timeline and the notifications sent to its author. */
  ticketAgenda: (ticket: Identifier) => `${API}/tickets/${id(ticket)}/agenda`,
  ticketNotifications: (ticket: Identifier) => `${API}/tickets/${id(ticket)}/notifications`,
  /** Reference-server extensions: the counts of the ticket list's built-in views; a canned reply filled for a ticket. */
  ticketViews: `${API}/tickets/views`,
  /** Reference-server extension: a ticket panel's presence signal (open, typing, closed). */
  ticketPresence: (ticket: Identifier) => `${API}/tickets/${id(ticket)}/presence`,
  cannedReplyRender: (reply: Identifier, ticket: Identifier) =>
    `${API}/canned-replies/${id(reply)}/render?ticket=${id(ticket)}`,
  /** Live events: a short-lived stream ticket (bearer), then the event stream itself (EventSource). */
  eventTicket: `${API}/events/ticket`,
  events: `${API}/events`,
  userConnections: (user: Identifier) => `${API}/users/${id(user)}/user-connections`,
  courseMenu: (course: Identifier) => `${API}/courses/${id(course)}/menu`,
  /** Reference-server extension: a course's whole tree for its outline editor. */
  courseOutline: (course: Identifier) => `${API}/courses/${id(course)}/outline`,
  /** Reference-server extension: what of a published course's draft differs from its live version. */
  courseDraft: (course: Identifier) => `${API}/courses/${id(course)}/draft`,
  displayableChapter: (chapter: Identifier) => `${API}/chapters/${id(chapter)}/displayable`,
  /** The clock a module's, chapter's or part's release date is read and written on. */
  releaseTimeZone: (resource: string, node: Identifier) => `${API}/${resource}/${id(node)}/time-zone`,
  /** A course copied whole into the session's structure: how a structure makes a catalogue course its own. */
  courseCopy: (course: Identifier) => `${API}/courses/${id(course)}/copy`,
  /** A new session of a course: copied whole under a new title, its dates moved or cleared. */
  courseRerun: (course: Identifier) => `${API}/courses/${id(course)}/rerun`,
  /** A course as a zip (course.json and its documents' files), and such a zip made a new course. */
  courseExport: (course: Identifier) => `${API}/courses/${id(course)}/export`,
  structureExport: (structure: Identifier) => `${API}/companies/${id(structure)}/export`,
  courseImport: `${API}/courses/import`,
  /** Reference-server extensions: the "Suivi" figures (JSON, or CSV with `format=csv`), a course's funnel, the
   *  home page's learners, and the session's weekly e-mail of the figures. */
  learningReport: `${API}/learning/report`,
  courseFunnel: (course: Identifier) => `${API}/learning/courses/${id(course)}/funnel`,
  learningOverview: `${API}/learning/overview`,
  reportSubscription: `${API}/learning/report-subscription`,
  personalDataRequests: `${API}/personal-data-requests`,
  personalDataRequestsOf: (user: Identifier) => `${API}/personal-data-requests?user=${id(user)}`,
  personalDataCancel: (request: Identifier) => `${API}/personal-data-requests/${id(request)}/cancel`,
  personalDataArchive: (request: Identifier) => `${API}/personal-data-requests/${id(request)}/archive`,
  /** A record's changes, newest first, and the restore of the record as one of them left it. */
  revisions: (resource: string, key: Identifier) => revisionsPath(resource, id(key)),
  revisionRestore: (resource: string, key: Identifier, change: Identifier) =>
    restorePath(resource, id(key), id(change)),
  folderTree: (root: Identifier, purge: boolean) => `${API}/folders/${id(root)}/tree${purge ? '?purge=1' : ''}`,
  folderContent: (folder: Identifier) => `${API}/folders/${id(folder)}/content`,
  upload: `${API}/documents/upload`,
  /** The recycle bin's: every item the session sees there erased for good. */
  recycleBinEmpty: `${API}/recycle-bin/empty`,
  /** An XMind map, multipart: a new version of the knowledge base. */
  xmindImport: `${API}/imports`,
  publicUpload: (context: string) => `${API}/public/documents/${encodeURIComponent(context)}/upload`,
  download: (document: Identifier) => `${API}/documents/${id(document)}/download`,
  /** Breaks the pattern: `/api/{context}/filters`, where the context is a resource name. */
  filters: (context: string) => `${API}/${encodeURIComponent(context)}/filters`,
  pushover: `${API}/pushover`,
  /** Reference-server extensions: one's own password and sessions, a template's preview. */
  accountPassword: `${API}/account/password`,
  signOutEverywhere: `${API}/account/sign-out-everywhere`,
  templatePreview: `${API}/notification-templates/preview`,
  /** A course's enrolment of an audience, and its preview (the same body, nothing written). */
  enrolments: `${API}/enrolments`,
  enrolmentPreview: `${API}/enrolments/preview`,
  /** Reference-server extension: one learner's courses, progress and answers waiting for a review. */
  learner: (user: Identifier) => `${API}/learning/learners/${id(user)}`,
  /** An opt-out link of a mail, followed without a session. */
  unsubscribe: `${API}/unsubscribe`,
} as const;

/** The root folder of the sheets' tree (API.md: "null for the root, id 1"). */
export const ROOT_FOLDER_ID = 1;

/** The structures the switcher offers at once, by name; more are found by searching. */
export const STRUCTURE_CHOICES_PAGE = { page: 1, perPage: 20 } as const;

/** The languages are asked for once, page 1 of 500: one page holds them all, so none is left out. */
export const LANGUAGES_PAGE = { page: 1, perPage: 500 } as const;
