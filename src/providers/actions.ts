import { HttpError, type GetListResult, type Identifier, type RaRecord } from 'react-admin';
import { iriOf } from '../domain/relations';
import type { TicketStatus } from '../domain/statuses';
import type { HttpClient } from './httpClient';
import { fromCollection, withQuery, type ListParams } from './hydra';
import { fromApi } from './records';
import type { CourseOutline } from '../domain/outline';
import type { BulkAction, BulkResource } from '../domain/bulk';
import type { Revision } from '../domain/audit';
import type { TicketViewCounts } from '../domain/helpdesk';
import type { PresenceEntry, PresenceState } from '../domain/presence';
import { LANGUAGES_PAGE, ROOT_FOLDER_ID, routes, STRUCTURE_CHOICES_PAGE } from './routes';
import type { CourseVersion, DraftState } from '../domain/courseVersions';

/** A learner's view in the version asked for (none: the live one). */
const withVersion = (url: string, version?: CourseVersion) => (version === 'draft' ? `${url}?version=draft` : url);

type Json = Record<string, unknown>;

/** The to-many fields the add-/remove- actions change: the action's suffix, its body key and the target. */
const RELATION_ACTIONS = {
  accessRights: { suffix: 'access-rights', bodyKey: 'accessRights', target: 'access-rights' },
  tags: { suffix: 'tags', bodyKey: 'tags', target: 'tags' },
  skills: { suffix: 'skills', bodyKey: 'skills', target: 'skills' },
  chapterUnlocks: { suffix: 'chapter-unlocks', bodyKey: 'chapters', target: 'chapters' },
} as const;

export type OrderedResource = 'chapters' | 'modules' | 'chapter-parts';
export type CommentTarget = 'chapter' | 'module' | 'course' | 'chapterPart';
export type TicketMessageStatus = TicketStatus;

export interface AddTicketMessageParams {
  id: Identifier;
  message: string;
  status: TicketMessageStatus;
  /** The ids of the writer's pending uploads the message carries. */
  attachments?: readonly number[];
  lastMessage?: number;
  force?: boolean;
  /** A macro: the canned reply whose status, priority, assignee and follow-up the message also sets. */
  cannedReply?: Identifier;
}

export interface RelationParams {
  id: Identifier;
  /** The ids (or IRIs) to add or remove. */
  ids: readonly Identifier[];
}

export interface FolderNode {
  id: number;
  name: string;
  sheets: number;
  children: FolderNode[];
}

export interface CourseMenu {
  id: number;
  title: string;
  modules: { id: number; title: string; chapters: { id: number; title: string; parts: Json[] }[] }[];
}

export interface FilterChoices {
  field: string;
  label: string;
  choices: { id: string | number | boolean; name: string }[];
}

/** One entry of a ticket's timeline (`GET /api/tickets/{id}/agenda`), newest first. */
export interface TicketAgendaEntry {
  kind: 'opened' | 'message' | 'status' | 'follow_up' | 'note' | 'notification';
  id: number;
  at: string;
  status: string | null;
  /** For a status change: the status before (`status` is the new one); for a follow-up: the date before (`status` is the new date, or null). */
  previous: string | null;
  text: string | null;
  actor: { id: number; name: string } | null;
}

/** A message sent to a ticket's author (`GET /api/tickets/{id}/notifications`). */
export interface TicketNotification {
  id: number;
  template: string;
  /** Its template's name (null once the template is gone). */
  templateName: string | null;
  channel: string;
  to: string | null;
  subject: string | null;
  status: 'sent' | 'failed';
  error: string | null;
  createdAt: string;
}

export interface TemplatePreview {
  variables: string[];
  locales: Record<string, { subject: string; body: string }>;
}

/** A structure as the switcher lists it. */
export interface StructureSummary extends RaRecord {
  id: number;
  name: string;
}

/** One change of a record (`GET /api/{resource}/{id}/revisions`) as react-admin holds it: IRIs as ids. */
export interface RevisionRecord extends Omit<Revision, 'entry' | 'user'>, RaRecord {
  id: number;
  /** The audit log's entry it belongs to. */
  entry: number | null;
  user: number | null;
}

export interface ActionDeps {
  http: HttpClient;
  /** Whether the session holds an access token: countries and filters refuse with 'noJwt' without one. */
  hasToken: () => boolean;
}

const record = (json: unknown) => ({ data: fromApi(json as Json) as RaRecord });

export function createActions({ http, hasToken }: ActionDeps) {
  const put = async (url: string, body: Json = {}) =>
    record((await http(url, { method: 'PUT', body: JSON.stringify(body) })).json);
  const list = async <R extends RaRecord = RaRecord>(
    path: string,
    params: ListParams = {},
  ): Promise<GetListResult<R>> =>
    fromCollection<R>((await http(withQuery(path, params), { listing: true, signal: params.signal })).json);

  function relationAction(field: keyof typeof RELATION_ACTIONS, verb: 'add' | 'remove', resource: string) {
    const { suffix, bodyKey, target } = RELATION_ACTIONS[field];
    return ({ id, ids }: RelationParams) =>
      put(routes.action(resource, id, `${verb}-${suffix}`), {
        [bodyKey]: ids.map((value) =>
          typeof value === 'string' && value.startsWith('/') ? value : iriOf(target, value),
        ),
      });
  }

  // Without a token these calls reject with 'noJwt': there is no session to end, unlike other calls.
  function requireToken(): void {
    if (!hasToken()) throw new HttpError('noJwt', 401, { noJwt: true });
  }

  return {
    /** Moves a chapter, module or part among its siblings; positions stay 0..n-1. */
    reorder: (resource: OrderedResource, { id, position }: { id: Identifier; position: number }) =>
      put(routes.action(resource, id, 'reorder'), { position }),

    /** Moves a chapter into another module, or a part into another chapter, at a position there. */
    moveTo: (
      resource: 'chapters' | 'chapter-parts',
      { id, parent, position }: { id: Identifier; parent: Identifier; position: number },
    ) =>
      resource === 'chapters'
        ? put(routes.item(resource, id), { module: iriOf('modules', parent), position })
        : put(routes.item(resource, id), { chapter: iriOf('chapters', parent), position }),

    /**
     * One outline gesture on several nodes (API.md, "Bulk actions of the outline"), all or nothing: a move to
     * `parent` (at `position`), a duplicate, a delete, tags added (modules), a release date set or cleared. Answers the nodes acted on (a
     * duplicate: their copies).
     */
    async bulk(
      resource: BulkResource,
      {
        action,
        ids,
        parent,
        position,
        tags,
        releaseAt,
      }: {
        action: BulkAction;
        ids: Identifier[];
        parent?: Identifier;
        position?: number;
        tags?: Identifier[];
        /** For `release`: the date, or null to release at once. */
        releaseAt?: string | null;
      },
    ): Promise<{ data: { ids: number[] } }> {
      const parentKey = { modules: 'course', chapters: 'module', 'chapter-parts': 'chapter' }[resource];
      const body: Record<string, unknown> = { action, ids: ids.map(Number) };
      if (parent !== undefined) body[parentKey] = iriOf(`${parentKey}s`, parent);
      if (position !== undefined) body.position = position;
      if (tags) body.tags = tags.map((tag) => iriOf('tags', tag));
      if (releaseAt !== undefined) body.releaseAt = releaseAt;
      const { json } = await http(`${routes.collection(resource)}/bulk`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      return { data: json as { ids: number[] } };
    },

    /** A deep copy (a chapter with its parts, a module with its chapters), into another module / course if given. */
    async copy(resource: 'chapters' | 'modules', { id, into }: { id: Identifier; into?: Identifier }) {
      const key = resource === 'chapters' ? 'module' : 'course';
      const body = into === undefined ? {} : { [key]: iriOf(`${key}s`, into) };
      return record(
        (await http(routes.action(resource, id, 'copy'), { method: 'POST', body: JSON.stringify(body) })).json,
      );
    },

    addTags: (resource: 'modules' | 'courses', params: RelationParams) =>
      relationAction('tags', 'add', resource)(params),
    removeTags: (resource: 'modules' | 'courses', params: RelationParams) =>
      relationAction('tags', 'remove', resource)(params),
    addSkills: relationAction('skills', 'add', 'courses'),
    removeSkills: relationAction('skills', 'remove', 'courses'),
    addAccessRights: relationAction('accessRights', 'add', 'users'),
    removeAccessRights: relationAction('accessRights', 'remove', 'users'),
    addChapterUnlocks: relationAction('chapterUnlocks', 'add', 'chapters'),
    removeChapterUnlocks: relationAction('chapterUnlocks', 'remove', 'chapters'),

    publish: ({ id }: { id: Identifier }) => put(routes.action('courses', id, 'publish')),
    /** A published course's draft brought back to its live version. */
    discardDraft: ({ id }: { id: Identifier }) => put(routes.action('courses', id, 'discard')),
    /** One node of a published course's draft brought back to its live version, the rest kept. */
    discardNode: ({ resource, id }: { resource: string; id: Identifier }) =>
      put(routes.action(resource, id, 'discard')),
    /**
     * A course the session reads (the catalogue's included) copied whole, as a draft, into the session's
     * structure; answers the copy.
     */
    async copyCourse({ id }: { id: Identifier }) {
      return record((await http(routes.courseCopy(id), { method: 'POST', body: '{}' })).json);
    },
    /**
     * A new session of a course: the whole course copied as a draft under `title`, its dates moved by
     * `dateOffsetDays` (null: cleared); answers the copy.
     */
    async rerunCourse({ id, title, dateOffsetDays }: { id: Identifier; title: string; dateOffsetDays: number | null }) {
      return record(
        (await http(routes.courseRerun(id), { method: 'POST', body: JSON.stringify({ title, dateOffsetDays }) })).json,
      );
    },
    /** A recycle bin item put back whole; answers what came back: its resource and its IRI. */
    async restoreBinned({ id }: { id: Identifier }): Promise<{ data: { resource: string; record: string } }> {
      const json = (await http(routes.action('recycle-bin', id, 'restore'), { method: 'POST', body: '{}' })).json;
      return { data: json as { resource: string; record: string } };
    },
    /** A recycle bin item erased for good, with its files. */
    eraseBinned: async ({ id }: { id: Identifier }) => {
      await http(routes.item('recycle-bin', id), { method: 'DELETE' });
    },
    /** Every item of the recycle bin the session sees, erased for good. */
    emptyBin: async () => {
      await http(routes.recycleBinEmpty, { method: 'POST', body: '{}' });
    },
    /** Makes an import's version the active tree; the previous version is kept and can be activated again. */
    activateImport: ({ id }: { id: Identifier }) => put(routes.action('imports', id, 'activate')),

    /** `version`: the live version learners get (the default), or the draft (for those who edit it). */
    async getCourseMenu({ id, version }: { id: Identifier; version?: CourseVersion }): Promise<{ data: CourseMenu }> {
      return { data: (await http(withVersion(routes.courseMenu(id), version))).json as CourseMenu };
    },
    /** The course's modules, chapters (with their unlocks) and parts in one call; parts without their content. */
    /** A course that is not there (a stale link) is a 404 the page says in French, not an incident. */
    async getCourseOutline({ id }: { id: Identifier }): Promise<{ data: CourseOutline }> {
      return { data: (await http(routes.courseOutline(id), { expected: [404] })).json as CourseOutline };
    },
    /** Its course's structure's time zone, which a node's release date is read and written in. */
    async getReleaseTimeZone(resource: string, { id }: { id: Identifier }): Promise<string> {
      return ((await http(routes.releaseTimeZone(resource, id))).json as { timeZone: string }).timeZone;
    },
    async getCourseDraft({ id }: { id: Identifier }): Promise<{ data: DraftState }> {
      return { data: (await http(routes.courseDraft(id))).json as DraftState };
    },
    async getDisplayableChapter({ id, version }: { id: Identifier; version?: CourseVersion }) {
      return record((await http(withVersion(routes.displayableChapter(id), version))).json);
    },
    /** Chapters or modules to copy from (`?isTemplate=1`). */
    getTemplates: (resource: 'chapters' | 'modules', params: ListParams = {}) =>
      list(routes.collection(resource), { ...params, filter: { ...params.filter, isTemplate: 1 } }),
    /** The comments on one object: `/api/comments?{object}={id}`. */
    getComments: ({ object, id }: { object: CommentTarget; id: Identifier }, params: ListParams = {}) =>
      list(routes.collection('comments'), { ...params, filter: { ...params.filter, [object]: id } }),

    /** Appends a message to a ticket's thread and sets its status; an empty message is refused (422). */
    /**
     * `lastMessage`: the newest message the writer had when they started typing; a newer one answers 409 with
     * it (`newerMessages`) unless `force`.
     */
    addTicketMessage: ({ id, ...body }: AddTicketMessageParams) =>
      http(routes.action('tickets', id, 'add-message'), {
        method: 'PUT',
        body: JSON.stringify(body),
        expected: [409],
      }).then((answer) => record(answer.json)),
    /** A ticket panel's presence signal; answers who else has the ticket open. Sent past the page's end when leaving. */
    async signalTicketPresence({
      id,
      state,
    }: {
      id: Identifier;
      state: PresenceState;
    }): Promise<{ data: PresenceEntry[] }> {
      const answer = await http(routes.ticketPresence(id), {
        method: 'POST',
        body: JSON.stringify({ state }),
        keepalive: state === 'left',
        expected: [404, 429],
      });
      return { data: (answer.json as { present: PresenceEntry[] }).present };
    },
    async getTicketAgenda({ id }: { id: Identifier }): Promise<{ data: TicketAgendaEntry[] }> {
      return { data: (await http(routes.ticketAgenda(id))).json as TicketAgendaEntry[] };
    },
    async getTicketNotifications({ id }: { id: Identifier }): Promise<{ data: TicketNotification[] }> {
      return { data: (await http(routes.ticketNotifications(id))).json as TicketNotification[] };
    },
    /** How many tickets each built-in view of the list holds ("Mes tickets", "Non attribués"...). */
    async getTicketViewCounts(): Promise<{ data: TicketViewCounts }> {
      return { data: (await http(routes.ticketViews)).json as TicketViewCounts };
    },
    /** A canned reply's text with its variables filled from a ticket and the session's user. */
    async renderCannedReply({ id, ticket }: { id: Identifier; ticket: Identifier }): Promise<{ data: string }> {
      return { data: ((await http(routes.cannedReplyRender(id, ticket))).json as { text: string }).text };
    },
    /** A ticket for one event stream, valid a minute: EventSource cannot send the bearer token. */
    async getEventStreamTicket(): Promise<{ data: { ticket: string; expiresIn: number } }> {
      return {
        data: (await http(routes.eventTicket, { method: 'POST', body: '{}' })).json as {
          ticket: string;
          expiresIn: number;
        },
      };
    },
    /** The session's own bug tickets (`/api/tickets/user?type=1`). */
    getMyBugTickets: (params: ListParams = {}) =>
      list(routes.myBugTickets, { ...params, filter: { ...params.filter, type: 1 } }),
    /** Admins or contributors (`/api/users?type=...`). */
    getUsersOfType: (type: 'admin' | 'contributor', params: ListParams = {}) =>
      list(routes.collection('users'), { ...params, filter: { ...params.filter, type } }),
    getUserConnections: ({ id }: { id: Identifier }, params: ListParams = {}) =>
      list(routes.userConnections(id), params),

    async getFolderTree({ id = ROOT_FOLDER_ID, purge = true }: { id?: Identifier; purge?: boolean } = {}): Promise<{
      data: FolderNode;
    }> {
      return { data: (await http(routes.folderTree(id, purge))).json as FolderNode };
    },
    async getFolderContent({ id }: { id: Identifier }): Promise<{ data: { folders: RaRecord[]; sheets: RaRecord[] } }> {
      const json = (await http(routes.folderContent(id))).json as { folders: Json[]; sheets: Json[] };
      return {
        data: { folders: json.folders.map(fromApi) as RaRecord[], sheets: json.sheets.map(fromApi) as RaRecord[] },
      };
    },

    /**
     * The structures platform staff switch between, by name, searched with `q`: asked across all structures
     * whichever one is chosen (a chosen structure would list itself alone).
     */
    async getStructureChoices({ q, signal }: { q?: string; signal?: AbortSignal } = {}): Promise<
      GetListResult<StructureSummary>
    > {
      const path = withQuery(routes.collection('companies'), {
        pagination: STRUCTURE_CHOICES_PAGE,
        sort: { field: 'name', order: 'ASC' },
        filter: q ? { q } : {},
      });
      return fromCollection<StructureSummary>((await http(path, { listing: true, signal, allStructures: true })).json);
    },

    /** Every country (some 250): one page. */
    async getCountries(): Promise<GetListResult> {
      requireToken();
      return list(routes.collection('countries'), {
        pagination: { page: 1, perPage: 500 },
        sort: { field: 'name', order: 'ASC' },
      });
    },
    /** The choices of a list's filters, `[{field, label, choices}]`. */
    async getFilters(context: string): Promise<{ data: FilterChoices[] }> {
      requireToken();
      return { data: (await http(routes.filters(context))).json as FilterChoices[] };
    },
    getLanguages: () => list(routes.collection('languages'), { pagination: LANGUAGES_PAGE }),
    getSystemConfigurations: (params: ListParams = {}) => list(routes.collection('system-configurations'), params),

    /** One's new password, given the current one (422s on `currentPassword` / `password`). */
    async changePassword(body: { currentPassword: string; password: string }) {
      await http(routes.accountPassword, { method: 'PUT', body: JSON.stringify(body) });
      return { data: {} };
    },
    /** Ends every session of the user, this one included. */
    async signOutEverywhere() {
      await http(routes.signOutEverywhere, { method: 'POST', body: '{}' });
      return { data: {} };
    },
    /** Mails a code to a user still in first connection (again: a new code). */
    async sendInvitation({ id }: { id: Identifier }) {
      await http(routes.action('users', id, 'send-invitation'), { method: 'POST', body: '{}' });
      return { data: { id } };
    },
    /** A template's text filled with sample values in each locale; unknown variables are a 422. */
    async previewTemplate(body: { code: string; subject: string; body: string }): Promise<{ data: TemplatePreview }> {
      return {
        data: (await http(routes.templatePreview, { method: 'POST', body: JSON.stringify(body) }))
          .json as TemplatePreview,
      };
    },
    /** Mails the stored template, with sample values, to the session's user. */
    async sendTemplateTest({ id }: { id: Identifier }) {
      await http(routes.action('notification-templates', id, 'send-test'), { method: 'POST', body: '{}' });
      return { data: { id } };
    },

    /** A record's changes, newest first, each with its fields before and after. */
    getRevisions: (resource: string, { id }: { id: Identifier }, params: ListParams = {}) =>
      list<RevisionRecord>(routes.revisions(resource, id), params),
    /**
     * Puts a record back as one of its changes left it: one write, refused as stale (409) when the record
     * was written since `updatedAt`, or with the reasons (422) when that version can no longer apply.
     */
    restoreRevision: (
      resource: string,
      { id, change, updatedAt }: { id: Identifier; change: Identifier; updatedAt?: string | null },
    ) =>
      http(routes.revisionRestore(resource, id, change), {
        method: 'POST',
        body: JSON.stringify(updatedAt ? { updatedAt } : {}),
      }).then(({ json }) => record(json)),

    /** A test push to the on-call device. */
    async sendPushover({
      title,
      message,
    }: {
      title: string;
      message: string;
    }): Promise<{ data: { title: string; message: string } }> {
      await http(routes.pushover, { method: 'POST', body: JSON.stringify({ title, message }) });
      return { data: { title, message } };
    },
  };
}

export type Actions = ReturnType<typeof createActions>;
