import type { Operation, ResourceRights } from '../rights';
import { STRUCTURE_FIELD, STRUCTURES_RESOURCE, type Tenancy } from '../tenancy';

/**
 * A resource's contract: what the API promises about it, read by the server (validation, filters, order,
 * rights, JSON schemas), by the API documentation (Hydra, OpenAPI) and by the back-office. Storage (tables,
 * columns, joins, SQL) is the server's business and is not said here.
 */
interface FieldCommon {
  /** On create, and on an update that names the field: not null, not blank. */
  required?: boolean;
  /** Sent by the API, never written through it (a write's value is ignored). */
  readOnly?: boolean;
  /** Written through the API, never sent back (a password). */
  writeOnly?: boolean;
  /** On create, when the body omits it (or the field is read-only): the session's user. */
  defaultsToSessionUser?: boolean;
  /**
   * A read-only figure the database keeps from other records (a participation's progress, from its
   * learner's validations): the audit log keeps those records' changes, not each figure they move.
   */
  derived?: boolean;
}

/** A value of the row itself: the contract says all of it, the server stores it in a column of that name. */
export type ScalarField =
  /** `timeZone`: an IANA name the database knows (it checks the name; no pattern says it). */
  | { kind: 'string'; format?: 'email' | 'url' | 'color' | 'timeZone'; maxLength?: number }
  /** Free text; `maxLength` where the product caps it (a comment), none otherwise. */
  | { kind: 'text'; maxLength?: number }
  | { kind: 'integer'; min?: number; max?: number }
  | { kind: 'boolean' }
  | { kind: 'datetime' }
  /**
   * `choiceGroup`: where its values' labels are, `choices.<group>.<value>` of the words (src/domain/words/),
   * the field's name by default: the screens, the CSV import and the French export read them there.
   */
  | { kind: 'enum'; values: readonly (string | number)[]; choiceGroup?: string }
  | { kind: 'json' }
  | { kind: 'stringList'; values?: readonly string[]; choiceGroup?: string }
  | { kind: 'password' };

export type FieldContract = FieldCommon &
  (
    | ScalarField
    /**
     * A to-one relation: read as an IRI, written as an IRI or a bare id. `embedded`: read as the summary
     * `{"@id", id, name}` instead (API.md), for a reference its readers may not be allowed to follow (a
     * comment's author, read by a contributor who may not read users).
     */
    | { kind: 'relation'; target: string; embedded?: boolean }
    /** A to-many relation: read as a list of IRIs, a write replaces the set. */
    | { kind: 'relations'; target: string }
    /** The ordered rows of another resource that point at this one: a read-only list of IRIs. */
    | { kind: 'children'; target: string }
    /** A to-one relation to one of several resources, read as an embedded summary `{@id, id, name}`. */
    | { kind: 'polymorphic'; targets: readonly string[] }
    /**
     * A read-only value the server computes (an embedded summary, a message thread); `target`: the resource
     * an embedded summary names, when it is one of the API's.
     */
    | { kind: 'embedded'; shape: 'object' | 'list'; target?: string }
  );

export type FieldKind = FieldContract['kind'];

export type RuleFilter = { kind: 'flag' } | { kind: 'relation'; target: string };

/** A list's page size when the query names none, and the most a query may ask for. */
export const DEFAULT_ITEMS_PER_PAGE = 30;
export const MAX_ITEMS_PER_PAGE = 500;

export interface ResourceContract {
  /** The path segment under /api, also react-admin's resource name. */
  name: string;
  /** JSON-LD @type, and the name of the class in the API documentation. */
  type: string;
  /** One sentence for the API documentation. */
  description: string;
  fields: Readonly<Record<string, FieldContract>>;
  /**
   * Exact filters (a field: exact, any-of with `[]`, IRIs or ids for relations, `[after]`/`[before]` on
   * dates).
   */
  filters: readonly string[];
  /**
   * Filters on no field of the record: a rule said yes or no (`flag`: `true`, `false`, `1`, `0`), or a
   * relation of a related row (`relation`: IRIs or ids of `target`). How they read the rows is the server's.
   */
  ruleFilters?: Readonly<Record<string, RuleFilter>>;
  /** `?q=`: every word must appear in the record's searchable text. */
  search?: boolean;
  /** Fields a list may be ordered on (always with `id` as the tie-breaker); `createdAt`/`updatedAt` allowed. */
  order: readonly string[];
  defaultOrder?: readonly (readonly [string, 'asc' | 'desc'])[];
  /** From the rights table of src/domain/rights.ts. */
  rights: ResourceRights;
  /** The operations the API offers; all five by default. */
  operations?: readonly Operation[];
  /** Where the API's path breaks the pattern, e.g. `DELETE /api/folder/[id]` (singular, unlike the others). */
  deletePath?: string;
}

/** Every record carries these, read-only. */
export const RECORD_DATES = ['createdAt', 'updatedAt'] as const;

export const ALL_OPERATIONS: readonly Operation[] = ['list', 'get', 'create', 'update', 'delete'];

/** The resource each relation field points at (to-one, to-many, children), for every relation kind. */
export function targetOf(field: FieldContract): string | undefined {
  return field.kind === 'relation' || field.kind === 'relations' || field.kind === 'children'
    ? field.target
    : undefined;
}

/** Writes the API accepts on the field: not read-only, not computed. */
export function isWritable(field: FieldContract): boolean {
  return !field.readOnly && field.kind !== 'children' && field.kind !== 'embedded';
}

/**
 * The field naming a row's structure, on every resource whose rows belong to structures (src/domain/tenancy.ts):
 * an embedded summary `{id, name}`, read by platform staff's screens. Derived from the row it comes from
 * (`from`), it is never written; otherwise platform staff may name it on a create (everyone else's rows take
 * their session's structure).
 */
export function structureFieldOf(tenancy: Tenancy): FieldContract | undefined {
  if (tenancy.rows === 'platform' || (tenancy.rows === 'structure' && tenancy.self)) return undefined;
  return { kind: 'relation', target: STRUCTURES_RESOURCE, embedded: true, ...(tenancy.from ? { readOnly: true } : {}) };
}

type WithStructure<T extends ResourceContract> = T & {
  fields: T['fields'] & { readonly [STRUCTURE_FIELD]?: FieldContract };
};

/**
 * Checks a contract's own coherence at the type level while keeping its literal types, and gives it the
 * field of its rows' structure, and the filter on it, when its tenancy has one.
 */
export function defineContract<T extends ResourceContract>(contract: T): WithStructure<T> {
  const structure = structureFieldOf(contract.rights.tenancy);
  if (!structure) return contract as WithStructure<T>;
  const given = contract.fields[STRUCTURE_FIELD];
  // A contract derived from another (a test's variation) already has it.
  if (given?.kind === 'relation' && given.target === STRUCTURES_RESOURCE) return contract as WithStructure<T>;
  if (given) throw new Error(`${contract.name}: "${STRUCTURE_FIELD}" is the structure's field.`);
  return {
    ...contract,
    fields: { ...contract.fields, [STRUCTURE_FIELD]: structure },
    filters: [...contract.filters, STRUCTURE_FIELD],
  } as WithStructure<T>;
}

/** The query variables a filter answers to, as API Platform names them: dates by bound, others one or any of. */
export function filterVariables(contract: ResourceContract, name: string): string[] {
  const field = contract.fields[name];
  if (field?.kind === 'datetime')
    return ['before', 'strictly_before', 'after', 'strictly_after'].map((suffix) => `${name}[${suffix}]`);
  if (contract.ruleFilters?.[name]?.kind === 'flag') return [name];
  return [name, `${name}[]`];
}

/** Every query parameter a list of the resource takes: paging, filters, the search, orders (`id` always). */
export function listParameters(contract: ResourceContract): string[] {
  const filters = [...contract.filters, ...Object.keys(contract.ruleFilters ?? {})];
  return [
    'page',
    'itemsPerPage',
    ...filters.flatMap((name) => filterVariables(contract, name)),
    ...(contract.search ? ['q'] : []),
    ...['id', ...contract.order.filter((name) => name !== 'id')].map((name) => `order[${name}]`),
  ];
}

/**
 * The longest value a text field of the contract takes: what a screen or a hand-written route bounds its
 * input with, so that the limit is written once, in the contract. A field without one is a mistake here.
 */
export function maxLengthOf(contract: ResourceContract, name: string): number {
  const field = contract.fields[name];
  if ((field?.kind === 'string' || field?.kind === 'text') && field.maxLength !== undefined) return field.maxLength;
  throw new Error(`${contract.name}.${name} has no maxLength.`);
}
