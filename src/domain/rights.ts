import { grantKey, rankOf, type Grants, type Operation } from './permissions';
import { hasRole, mayGiveRoles, type Role } from './roles';
import {
  isPlatformStaff,
  CATALOGUE_ROWS,
  catalogueRowsOf,
  PLATFORM_ROLE,
  PLATFORM_ROWS,
  STRUCTURE_FIELD,
  STRUCTURE_ROWS,
  STRUCTURES_RESOURCE,
  structureRowsOf,
  type Tenancy,
} from './tenancy';

/**
 * API.md's "Roles and rights" matrix: one table, read by the server (every route enforces it) and by the
 * back-office (`canAccess`: menus and pages show only what the session may open).
 */
export type { Operation };

export interface OwnRule {
  /** Roles that, below the resource's access, still reach their own rows with these operations. */
  roles: readonly Role[];
  operations: readonly Operation[];
}

/**
 * Which rows are a session's own, for the `own` rules: the server reads it as SQL, the back-office on a
 * record (to offer "Modifier" on one's own profile only).
 */
export interface Mine {
  /** The field naming the session's user: `id` for the users themselves, or a user reference (`author`). */
  user: string;
  /** And only rows whose field holds this value (bug tickets); a create of one's own row gets it. */
  only?: { field: string; value: string | number };
  /** Or rows whose field holds one of these values, whoever's (course content documents). */
  orAny?: { field: string; values: readonly string[] };
  /**
   * Instead of the session's own rows, those of the learners it supervises (user-supervisions) while the
   * supervision lasts: `user` names the learner, `course` the course a supervision may be limited to. Read
   * only: a supervisor follows, and changes nothing.
   */
  supervised?: { course: string };
}

export interface ResourceRights {
  /** Whose rows they are (src/domain/tenancy.ts): every statement on them is scoped by it. */
  tenancy: Tenancy;
  read: Role;
  write: Role;
  /** Defaults to `write`. */
  delete?: Role;
  own?: readonly OwnRule[];
  mine?: Mine;
  /**
   * Fields only a role may write, beyond the resource's own rule: the server ignores others' values for
   * them (as API Platform does), the back-office shows them read-only.
   */
  fields?: Readonly<Record<string, Role>>;
  /**
   * The field holding a row's roles (users): a session outside the platform changes and deletes only rows
   * whose roles it holds itself, and gives no role above its own. Platform staff stay out of a structure
   * administrator's reach, and nobody promotes anyone, themselves included, beyond their own rank.
   */
  ranked?: string;
}

// By area. "all" for the super admin includes delete; "read, write" does not.
type Access = Omit<ResourceRights, 'tenancy'>;
const CONTENT: Access = { read: 'ROLE_USER', write: 'ROLE_USER', delete: 'ROLE_SUPER_ADMIN' };
// A structure's courses and their outline: its administrators remove them (to the recycle bin, restorable).
const COURSE_CONTENT: Access = { ...CONTENT, delete: 'ROLE_ADMIN' };
const SUPPORT: Access = { read: 'ROLE_ADMIN', write: 'ROLE_ADMIN', delete: 'ROLE_SUPER_ADMIN' };
const ADMINISTRATION: Access = { read: 'ROLE_SUPER_ADMIN', write: 'ROLE_SUPER_ADMIN' };

/** Contexts of course content documents (covers, chapter-part files): every contributor reads them. */
export const CONTENT_DOCUMENT_CONTEXTS = ['course_cover', 'chapter_part'] as const;

/**
 * Content is both a platform catalogue and each structure's own: a course without a structure is the
 * catalogue's, which every structure reads (and copies into its own to change it) and platform staff write;
 * a structure's courses, with their modules, chapters and parts, are its alone. Tags, skills and
 * notification templates follow the same rule (the platform's templates are the defaults a structure may
 * replace with its own). The knowledge base (sheets, folders, XMind imports) and the reference data are the
 * platform's. Everything about people (accounts, sign-ins, supervisions, participations, answers,
 * validations, comments, notes, tickets, documents, error reports) belongs to a structure.
 */
export const RESOURCE_RIGHTS: Readonly<Record<string, ResourceRights>> = {
  courses: { ...COURSE_CONTENT, tenancy: CATALOGUE_ROWS },
  modules: { ...COURSE_CONTENT, tenancy: catalogueRowsOf('course') },
  chapters: { ...COURSE_CONTENT, tenancy: catalogueRowsOf('module') },
  'chapter-parts': { ...COURSE_CONTENT, tenancy: catalogueRowsOf('chapter') },
  tags: { ...CONTENT, tenancy: CATALOGUE_ROWS },
  skills: { ...CONTENT, tenancy: CATALOGUE_ROWS },
  comments: { ...CONTENT, tenancy: STRUCTURE_ROWS },
  documents: {
    // The platform's documents that structures read are the catalogue's course content (covers, parts'
    // files); its other documents (anonymous uploads, its staff's files) stay its own.
    tenancy: { rows: 'catalogue', shared: { field: 'context', values: CONTENT_DOCUMENT_CONTEXTS } },
    read: 'ROLE_ADMIN',
    write: 'ROLE_ADMIN',
    delete: 'ROLE_SUPER_ADMIN',
    // Documents also hold support attachments, onboarding files and learners' answers: a contributor's
    // "own" rows are course content documents and their own uploads (docs/SECURITY.md; the SQL is
    // server/resources/definitions/documents.ts). An upload is the create.
    own: [{ roles: ['ROLE_USER'], operations: ['list', 'get', 'create', 'update'] }],
    mine: { user: 'owner', orAny: { field: 'context', values: CONTENT_DOCUMENT_CONTEXTS } },
    // Moving a document into a content context would hand it to every contributor.
    fields: { context: 'ROLE_ADMIN' },
  },
  // Reference data every structure reads: a structure's people may not change what the others see.
  languages: { tenancy: PLATFORM_ROWS, read: 'ROLE_USER', write: PLATFORM_ROLE },
  tickets: {
    ...SUPPORT,
    tenancy: STRUCTURE_ROWS,
    // A contributor reports bugs and follows their own bug tickets.
    own: [{ roles: ['ROLE_USER'], operations: ['list', 'get', 'create', 'update'] }],
    mine: { user: 'author', only: { field: 'type', value: 1 } },
    // Support staff set them (here or with add-message); an author's own bug ticket keeps what it gets.
    fields: { status: 'ROLE_ADMIN', followUpAt: 'ROLE_ADMIN', assignee: 'ROLE_ADMIN', priority: 'ROLE_ADMIN' },
  },
  // Support staff delete their own internal notes; anyone's only with the super admin's "all".
  'notes-bo': {
    ...SUPPORT,
    tenancy: STRUCTURE_ROWS,
    own: [{ roles: ['ROLE_ADMIN'], operations: ['delete'] }],
    mine: { user: 'author' },
  },
  'notification-templates': { ...SUPPORT, tenancy: CATALOGUE_ROWS },
  // "Réponses types": a structure's support staff write and use them; its administrators are its agents.
  'canned-replies': { ...SUPPORT, tenancy: STRUCTURE_ROWS, delete: 'ROLE_ADMIN' },
  participations: {
    ...SUPPORT,
    tenancy: structureRowsOf('user'),
    // A supervisor follows the learners they supervise: their participations in the supervision's course (or
    // all of them), while it lasts, and nothing else (docs/SECURITY.md, "Supervisors").
    own: [{ roles: ['ROLE_USER'], operations: ['list', 'get'] }],
    mine: { user: 'user', supervised: { course: 'course' } },
  },
  // A structure's administrators write its enrolment rules; a rule's course may be the catalogue's.
  'enrolment-rules': { ...SUPPORT, tenancy: STRUCTURE_ROWS, delete: 'ROLE_ADMIN' },
  'user-supervisions': { ...SUPPORT, tenancy: structureRowsOf('learner') },
  'chapter-validations': { ...SUPPORT, tenancy: structureRowsOf('user') },
  'chapter-part-responses': { ...SUPPORT, tenancy: structureRowsOf('user') },
  // A structure's administrators run their people: invite, import, change, disable and remove them (only
  // their structure's, never above their own rank: `ranked`).
  users: {
    tenancy: STRUCTURE_ROWS,
    read: 'ROLE_ADMIN',
    write: 'ROLE_ADMIN',
    own: [
      { roles: ['ROLE_USER'], operations: ['list', 'get', 'update'] },
      { roles: ['ROLE_FIRST_CONNECT'], operations: ['get'] },
    ],
    mine: { user: 'id' },
    // One's own profile: name, phone, language. Who one is and what one may, an administrator decides (tags
    // and skills too: enrolment rules enrol by them); a password, only its owner (through the code) or
    // platform staff.
    fields: {
      email: 'ROLE_ADMIN',
      type: 'ROLE_ADMIN',
      roles: 'ROLE_ADMIN',
      enabled: 'ROLE_ADMIN',
      accessRights: 'ROLE_ADMIN',
      tags: 'ROLE_ADMIN',
      skills: 'ROLE_ADMIN',
      password: 'ROLE_SUPER_ADMIN',
    },
    ranked: 'roles',
  },
  // Admins read a user's page whole, with its access rights' names and its sign-ins.
  'user-connections': {
    ...ADMINISTRATION,
    tenancy: structureRowsOf('user'),
    read: 'ROLE_ADMIN',
    own: [{ roles: ['ROLE_USER'], operations: ['list', 'get'] }],
    mine: { user: 'user' },
  },
  'access-rights': { ...ADMINISTRATION, tenancy: PLATFORM_ROWS, read: 'ROLE_ADMIN' },
  sheets: { ...ADMINISTRATION, tenancy: PLATFORM_ROWS },
  folders: { ...ADMINISTRATION, tenancy: PLATFORM_ROWS },
  imports: { ...ADMINISTRATION, tenancy: PLATFORM_ROWS },
  'system-configurations': { ...ADMINISTRATION, tenancy: PLATFORM_ROWS },
  'error-calls': { ...ADMINISTRATION, tenancy: STRUCTURE_ROWS },
  countries: { tenancy: PLATFORM_ROWS, read: 'ROLE_USER', write: 'ROLE_SUPER_ADMIN' },
  // The audit log: a structure's administrators read their structure's entries, platform staff every one (the
  // platform's own too); the database writes it, nobody through the API.
  'audit-log': { tenancy: STRUCTURE_ROWS, read: 'ROLE_ADMIN', write: PLATFORM_ROLE },
  // A structure's administrators read their own structure; platform staff every one, and change them.
  companies: { tenancy: { rows: 'structure', self: true }, read: 'ROLE_ADMIN', write: PLATFORM_ROLE },
  // Deleted records kept for a while: each session sees the items of the resources it may delete
  // (src/domain/recycleBin.ts), restores them, and erases them for good if an administrator.
  'recycle-bin': { tenancy: STRUCTURE_ROWS, read: 'ROLE_USER', write: PLATFORM_ROLE },
};

/**
 * What is done to structures as a whole, beyond an administrator's own plan: inviting a new
 * structure (POST /api/invitations) and acting on any structure's plan (GET /api/subscription,
 * POST /api/subscribe and /api/unsubscribe naming it).
 */
export const STRUCTURE_RIGHTS = { invite: 'ROLE_SUPER_ADMIN', actForAny: 'ROLE_SUPER_ADMIN' } as const satisfies Record<
  string,
  Role
>;

export const mayManageStructures = (roles: readonly string[], action: keyof typeof STRUCTURE_RIGHTS) =>
  hasRole(roles, STRUCTURE_RIGHTS[action]);

export function rightsOf(resource: string): ResourceRights {
  const rights = RESOURCE_RIGHTS[resource];
  if (!rights) throw new Error(`No rights are declared for ${resource}.`);
  return rights;
}

export function roleNeeded(rights: ResourceRights, operation: Operation): Role {
  if (operation === 'list' || operation === 'get') return rights.read;
  if (operation === 'delete') return rights.delete ?? rights.write;
  return rights.write;
}

// The platform's own resources, the audit log (the database writes it), the bin (it follows the deletes) and
// the structures themselves are the platform's to rule: no structure's role is granted anything there.
const UNGOVERNED = new Set(['audit-log', 'recycle-bin', STRUCTURES_RESOURCE]);

/** Whether the rights screen changes a structure's roles' rights on a resource (src/domain/permissions.ts). */
export const isGoverned = (resource: string): boolean => {
  const rights = RESOURCE_RIGHTS[resource];
  return rights !== undefined && rights.tenancy.rows !== 'platform' && !UNGOVERNED.has(resource);
};

export const GOVERNED_RESOURCES: readonly string[] = Object.keys(RESOURCE_RIGHTS).filter(isGoverned);

/** A structure's grant or withdrawal that applies to a session, if any (never to platform staff). */
function grantOf(roles: readonly string[], resource: string, operation: Operation, grants: Grants) {
  if (isPlatformStaff(roles) || !isGoverned(resource)) return undefined;
  const rank = rankOf(roles);
  const value = rank === undefined ? undefined : grants[grantKey(rank, resource, operation)];
  return typeof value === 'boolean' ? value : undefined;
}

/**
 * `all` rows, only the session's `own` rows, or nothing: the rights table, or what the session's structure
 * changed of it (`grants`: a granted operation reaches all of the structure's rows, a withdrawn one none).
 */
export function reach(
  roles: readonly string[],
  resource: string,
  operation: Operation,
  grants?: Grants,
): 'all' | 'own' | false {
  const rights = RESOURCE_RIGHTS[resource];
  if (!rights) return false;
  const granted = grants ? grantOf(roles, resource, operation, grants) : undefined;
  if (granted !== undefined) return granted ? 'all' : false;
  if (hasRole(roles, roleNeeded(rights, operation))) return 'all';
  const own = rights.own?.some(
    (rule) => rule.operations.includes(operation) && rule.roles.some((role) => hasRole(roles, role)),
  );
  return own ? 'own' : false;
}

/**
 * The role that writes a field of a resource, when it is narrower than the resource's own rule. A row's
 * structure is written by platform staff only: everyone else's rows take their own structure.
 */
export function fieldWriteRole(resource: string, field: string): Role | undefined {
  const rights = RESOURCE_RIGHTS[resource];
  if (field === STRUCTURE_FIELD && rights && rights.tenancy.rows !== 'platform') return PLATFORM_ROLE;
  const fields = rights?.fields;
  return fields && Object.hasOwn(fields, field) ? fields[field] : undefined;
}

/** Whether these roles may write this field of a resource they may otherwise write. */
export function mayWriteField(roles: readonly string[], resource: string, field: string): boolean {
  const role = fieldWriteRole(resource, field);
  return role === undefined || hasRole(roles, role);
}

// A reference is an id, or an embedded summary `{id, name}` (API.md).
const idOf = (value: unknown): unknown =>
  value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : value;

/** Whether a record (as the API serves it, or as the back-office holds it) is the user's own row of a resource. */
export function isMine(resource: string, record: Readonly<Record<string, unknown>>, userId: number): boolean {
  const mine = RESOURCE_RIGHTS[resource]?.mine;
  if (!mine) return false;
  // Which learners a session supervises is the server's to say: it sends a supervisor only those rows.
  if (mine.supervised) return true;
  if (mine.orAny && mine.orAny.values.includes(String(record[mine.orAny.field]))) return true;
  if (mine.only && record[mine.only.field] !== mine.only.value) return false;
  const owner = idOf(record[mine.user]);
  return owner !== null && owner !== undefined && Number(owner) === userId;
}

/** Whether a record of a ranked resource holds no role above the session's, for a change (`ranked`). */
function withinRank(
  roles: readonly string[],
  resource: string,
  operation: Operation,
  record: Readonly<Record<string, unknown>>,
): boolean {
  const ranked = RESOURCE_RIGHTS[resource]?.ranked;
  if (!ranked || (operation !== 'update' && operation !== 'delete') || isPlatformStaff(roles)) return true;
  const held = record[ranked];
  return !Array.isArray(held) || mayGiveRoles(roles, held);
}

/** Whether a change of a ranked row is the session's own row, which it does not delete (`ranked`). */
const isOwnRankedDelete = (
  resource: string,
  operation: Operation,
  record: Readonly<Record<string, unknown>>,
  userId?: number,
) =>
  operation === 'delete' &&
  RESOURCE_RIGHTS[resource]?.ranked !== undefined &&
  userId !== undefined &&
  Number(idOf(record.id)) === userId;

/**
 * Whether these roles may take an operation on a record: on every row, or on their own rows and this is
 * one. Without a record, whether they may on some rows.
 */
export function allows(
  roles: readonly string[],
  resource: string,
  operation: Operation,
  record?: Readonly<Record<string, unknown>>,
  userId?: number,
  grants?: Grants,
): boolean {
  const reached = reach(roles, resource, operation, grants);
  if (reached !== false && record !== undefined && !withinRank(roles, resource, operation, record)) return false;
  if (record !== undefined && !isPlatformStaff(roles) && isOwnRankedDelete(resource, operation, record, userId))
    return false;
  if (reached !== 'own' || record === undefined || operation === 'list' || operation === 'create')
    return reached !== false;
  return userId !== undefined && isMine(resource, record, userId);
}
