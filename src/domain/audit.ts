import type { FieldContract } from './contracts/types';

/**
 * The audit log: one entry per write (per transaction), naming who, when, the action and the main record,
 * with the changed fields' values before and after; each record's revisions are its changes across
 * entries. PostgreSQL's triggers write it (derived from the declarations at start-up), the API only reads it.
 */

/**
 * What an entry says was done. A write through the generic engine is `create`, `update` or `delete`; every
 * action of API.md names itself; a write that names no action is logged under the operation of its first
 * change.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  // A recycle-bin item erased for good, the whole bin emptied, the periodic purge of expired items.
  'erase',
  'empty-bin',
  'purge',
  'reorder',
  'copy',
  'rerun',
  'publish',
  // A published course's draft brought back to its live version.
  'discard',
  'add-tags',
  'remove-tags',
  'add-skills',
  'remove-skills',
  'add-chapter-unlocks',
  'remove-chapter-unlocks',
  'add-access-rights',
  'remove-access-rights',
  'add-message',
  'activate-import',
  'import',
  'upload',
  'sign-in',
  'sign-out',
  // A structure's sign-up, a structure invited to sign up, its plan chosen and ended.
  'register',
  'invite',
  'subscribe',
  'unsubscribe',
  'sign-out-everywhere',
  'change-password',
  'set-password',
  'bulk-move',
  'bulk-duplicate',
  'bulk-delete',
  'bulk-add-tags',
  'bulk-release',
  'bulk-import',
  // A cell of a structure's rights granted, withdrawn or set back to its default (the rights screen).
  'change-rights',
  // Learners enrolled in a course (a selection, a tag, a structure...), one enrolment undone or made again, an
  // enrolment rule applied to the members already there, and the new cycle of an expired completion.
  'enrol',
  'unenrol',
  'reenrol',
  'apply-rule',
  'recertify',
  // A person's data exported on their request, its erasure asked, called off, and carried out.
  'export-personal-data',
  'request-erasure',
  'cancel-erasure',
  'erase-personal-data',
  // A structure's data exported whole by platform staff (its deletion is a 'delete' of the structure).
  'export-structure',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The entries of sessions rather than of work: a busy structure's people sign in all day, and the journal
 * hides them unless asked (its `sessions` filter), so that its changes stay readable.
 */
export const SESSION_ACTIONS = ['sign-in', 'sign-out', 'sign-out-everywhere'] as const satisfies readonly AuditAction[];

/** Whether an entry's main record is gone after it: deleted (to the recycle bin), or erased for good. */
export const leavesRecordGone = (action: unknown): boolean => action === 'delete' || action === 'erase';

/** What a change did to one row; `erase` is a deleted row's recycle-bin item erased for good. */
export const AUDIT_OPERATIONS = ['create', 'update', 'delete', 'erase'] as const;

export type AuditOperation = (typeof AUDIT_OPERATIONS)[number];

/**
 * Resources that are logs themselves, and the recycle bin (its items are the deleted rows, which the delete's
 * own entry already holds): their rows are never entries of the audit log.
 */
export const UNAUDITED_RESOURCES: readonly string[] = ['error-calls', 'user-connections', 'audit-log', 'recycle-bin'];

export const isAudited = (resource: string): boolean => !UNAUDITED_RESOURCES.includes(resource);

/**
 * Field names that hold a secret whatever their kind (a token, a single-use code, a key that signs a
 * structure up), beyond every `password` field: their values never reach the log. A change of one shows
 * as the field changed, without its values.
 */
export const SECRET_FIELD_NAMES: readonly string[] = [
  'token',
  'refreshToken',
  'tokenHash',
  'codeHash',
  'secret',
  'clientSecret',
  'invitationKey',
];

export const isSecretField = (name: string, field: FieldContract): boolean =>
  field.kind === 'password' || SECRET_FIELD_NAMES.includes(name);

/**
 * A text or JSON value longer than this (its JSON text, in characters) is kept once, by its hash, however
 * many revisions carry it: an entry's size does not grow with the length of the text it touched.
 */
export const AUDIT_LONG_VALUE = 1024;

/**
 * One field's change, as the API gives it: the values before and after, as a GET of the record gives them
 * (relations as IRIs, to-many relations as lists of IRIs, JSON as objects, dates ISO 8601). `hidden`: a
 * secret field changed; its values are never kept (both null).
 */
export interface FieldChange {
  before: unknown;
  after: unknown;
  hidden?: true;
}

export type FieldChanges = Record<string, FieldChange>;

/** An item of GET /api/audit-log. */
export interface AuditEntry {
  id: number;
  at: string;
  user: string | null;
  userName: string | null;
  /** The structure the changed record belongs to: its summary, null for the platform's or the catalogue's. */
  company: { id: number; name: string } | null;
  action: AuditAction;
  resource: string;
  recordId: number | null;
  record: string | null;
  /** The main record's changed fields. */
  changes: FieldChanges;
}

/** An item of GET /api/{resource}/{id}/revisions: one change of that record, newest first. */
export interface Revision {
  id: number;
  entry: string;
  at: string;
  user: string | null;
  userName: string | null;
  action: AuditAction;
  operation: AuditOperation;
  changes: FieldChanges;
}

/** The path of a record's revisions, and of the restore of one of them (API.md, "Audit log"). */
export const revisionsPath = (resource: string, id: number | string) => `/api/${resource}/${id}/revisions`;
export const restorePath = (resource: string, id: number | string, changeId: number | string) =>
  `${revisionsPath(resource, id)}/${changeId}/restore`;
