import type { ResourceContract, ScalarField } from '../../src/domain/contracts/types.ts';
import type { Grants } from '../../src/domain/permissions.ts';
import type { Operation, ResourceRights } from '../../src/domain/rights.ts';
import type { Queryable } from '../db/database.ts';
import type { Violation } from '../shared/errors.ts';

/**
 * A resource as the generic engine serves it (CRUD, Hydra listing, filters, order, rights), also read by the
 * table-driven API tests and the index check: built by `declareResource` (declare.ts) from the resource's
 * contract (src/domain/contracts) and its storage (definitions/). Columns default to the snake_case of the
 * field name (plus `_id` for a relation).
 */
export type FieldType =
  | ScalarField
  /**
   * A to-one relation stored in this table: read as an IRI, written as an IRI or a bare id. `embedded`: read
   * as the summary `{"@id", id, name}` instead (API.md), for a reference a reader may not be allowed to
   * follow (a comment's author, read by a contributor who may not read users).
   */
  | { kind: 'relation'; resource: string; embedded?: boolean }
  /** A to-many relation through a join table: read as a list of IRIs, a write replaces the set. */
  | { kind: 'relations'; resource: string; joinTable: string; ownColumn: string; otherColumn: string }
  /** The ordered rows of another resource that point at this one: read-only list of IRIs. */
  | { kind: 'children'; resource: string; table: string; foreignKey: string; orderBy: string }
  /** A to-one relation to one of several resources, each in its own column; read as an embedded summary. */
  | { kind: 'polymorphic'; targets: Record<string, { column: string; nameSql: string; table: string }> }
  /**
   * A read-only value computed by SQL (`t` is the row's alias): embedded summaries, message threads. `sql`
   * may differ by format (a summary's `@id` is JSON-LD's). `value`: what the contract says of the value when
   * it is a scalar (a learner's state, an enum): its labels in the exports, its filter (`computedFilters`).
   */
  | { kind: 'computed'; sql: string | ((format: Format) => string); value?: ScalarField };

/** How an item is written: JSON-LD (with `@id`, `@type`) or plain JSON. */
export type Format = 'jsonld' | 'json';

export interface FieldDeclaration {
  type: FieldType;
  column?: string;
  required?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  /** On create, when the body omits it: the session's user id. */
  defaultsToSessionUser?: boolean;
}

export type { Operation } from '../../src/domain/rights.ts';

/**
 * Which rows are a session's own, for the roles the rights table lets reach only their own rows (API.md:
 * "own user only", "own bug tickets"). `condition` is SQL on the row alias `t`; the user id comes from a
 * verified token.
 */
export interface OwnRows {
  condition: (userId: number) => string;
  /** Values a create of one's own row always gets, whatever the body says. */
  forced?: Record<string, unknown>;
  /** The rows are the learners' a supervisor follows: the reads run in a scope that reads as one (scope.ts). */
  supervised?: true;
}

/** What a cross-field check gives back: violations, values to store instead of those sent, references to check. */
export interface RecordCheck {
  violations: Violation[];
  /** Field values to write in place of the body's (e.g. a content completed with what the server derives). */
  replace?: Record<string, unknown>;
  /** Rows the record points at from inside a value (a JSON field), which must exist. */
  references?: { propertyPath: string; resource: string; id: number }[];
}

export interface CheckContext {
  /** The server's upload limit, in MB (UPLOAD_MAX_MB). */
  uploadMaxMb: number;
}

export interface BeforeWrite {
  tx: Queryable;
  mode: 'create' | 'update';
  /** The row's id, on an update. */
  id?: number;
  columns: Map<string, { value: unknown; cast?: string }>;
  session: { userId: number | null; roles: readonly string[] };
}

export interface ResourceDeclaration {
  /** The contract this declaration serves: the API documentation is generated from it. */
  contract: ResourceContract;
  /** The path segment under /api, also react-admin's resource name. */
  name: string;
  /** JSON-LD @type. */
  type: string;
  table: string;
  fields: Record<string, FieldDeclaration>;
  /** Filter names: a field (exact, any-of with `[]`, IRIs or ids for relations, `[after]`/`[before]` on dates) or `q`. */
  filters: readonly string[];
  /**
   * Filters on a relation of a related row (a response's chapter is its part's chapter): name -> the
   * resource whose IRIs or ids it takes, and the condition on `t` given the SQL parameter of those ids (int4[]).
   */
  throughFilters?: Record<string, { resource: string; condition: (ids: string) => string }>;
  /**
   * Filters saying yes or no of a rule rather than of a column (a course's unpublished changes): name -> the
   * condition on `t` given the SQL parameter of the asked value (bool), `true`, `false`, `1` or `0`.
   */
  flagFilters?: Record<string, (flag: string) => string>;
  /**
   * Filters on a computed field (a participation's state): name -> the condition on `t` that the rows hold
   * one of the asked values (exact, or any-of with `[]`), each already checked against the field's enum.
   */
  computedFilters?: Record<string, (values: readonly string[]) => string>;
  /**
   * Rules a list applies unless asked not to (unenrolled participations are left out): name -> the condition
   * on `t` when the query says `false` or nothing, none when it says `true`. Written as a literal, so that a
   * partial index whose predicate it is serves the list.
   */
  defaultFilters?: Record<string, string>;
  /**
   * `q` searches the `search` column of the row another table's row this one points at (a participation's
   * learner): the column of this table naming it, and that table.
   */
  searchVia?: { column: string; table: string };
  /** Fields a list may be ordered on (always with `id` as the tie-breaker). */
  order: readonly string[];
  defaultOrder?: readonly (readonly [string, 'asc' | 'desc'])[];
  /** From the rights table of src/domain/rights.ts, shared with the back-office. */
  access: ResourceRights;
  operations?: readonly Operation[];
  /** Operations of `operations` served by a route of their own (server/routes), not the generic one. */
  ownRoutes?: readonly Operation[];
  /** Where the API's path breaks the pattern, e.g. `DELETE /api/folder/[id]` (singular, unlike the others). */
  deletePath?: string;
  /** Adjusts the column values of a create after validation (e.g. a new user starts in first connection). */
  prepareCreate?: (columns: Map<string, { value: unknown; cast?: string }>) => void;
  /**
   * Rules across fields that the field-by-field checks cannot see (a chapter part's content depends on its
   * type). Run on a create, and on an update whose body has one of `fields`, with the stored record merged
   * with the body.
   */
  check?: { fields: readonly string[]; run: (record: Record<string, unknown>, context: CheckContext) => RecordCheck };
  /**
   * Rows ordered among siblings by `position` (dense 0..n-1 per parent, kept so on every write): the
   * relation field naming the parent.
   */
  siblingsOf?: string;
  /**
   * Rules a write must pass that need the database (a right, other rows), run in the write's transaction
   * before it, with the columns about to be written (which it may change).
   */
  beforeWrite?: (context: BeforeWrite) => Promise<void>;
  /**
   * Work a delete does first, in its transaction (an import's version: its folders and sheets), or a
   * refusal (an ApiError). Not called with a scope: resources with own rows do not use it.
   */
  beforeDelete?: (tx: Queryable, id: number) => Promise<void>;
  /**
   * The rows a session reaches beyond its rights and structure, as SQL on `t` (a bin's items: those of the
   * resources the session may delete), added to every statement on the resource.
   */
  sessionRows?: (session: { userId: number; roles: readonly string[]; grants?: Grants }) => string;
  /**
   * Whether the table keeps exact row counts and a write generation (row_counts), which unfiltered lists
   * and the list caches read: yes unless said otherwise. A table every write of the API writes to (the audit
   * log) keeps none: every transaction would write a counter slot besides its entry; its lists count.
   */
  rowCounts?: false;
  /**
   * CHECK or UNIQUE constraint name -> the field a violation is reported on, its message, and its code when
   * the back-office words it apart from the generic one (`unique`, `constraint`).
   */
  constraints?: Record<string, { field: string; message: string; code?: string }>;
}

export function columnOf(name: string, field: FieldDeclaration): string {
  if (field.column) return field.column;
  const snake = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return field.type.kind === 'relation' ? `${snake}_id` : snake;
}
