import { hasRole, type Role } from './roles';

/**
 * Whose rows a resource holds: the tenancy model, one entry a resource beside its rights
 * (`RESOURCE_RIGHTS[…].tenancy`, src/domain/rights.ts). The server scopes every statement by it and
 * PostgreSQL's row-level security holds it again (server/resources/tenancy.ts derives the policies); the
 * back-office shows a structure's name, and its switcher, to platform staff only; the API documentation
 * says it for each resource (docs/SECURITY.md, "Structures").
 *
 * - `platform`: the platform's own rows (reference data, the knowledge base, the system's settings): no
 *   structure, reached through the rights table alone.
 * - `structure`: a structure's rows. A row without a structure is the platform's own (platform staff's
 *   internal notes, an anonymous upload, the staff themselves). `from`: the relation field whose row gives
 *   the row its structure (a participation is its learner's); otherwise the session's structure when it is
 *   created. `self`: the rows are the structures themselves.
 * - `catalogue`: a row without a structure belongs to the platform's catalogue, which every structure reads
 *   and only platform staff write; a row with one is that structure's own. `from` as above (a chapter is its
 *   module's). `shared`: of the platform's rows, those structures read (the others stay the platform's).
 */
export type Tenancy =
  | { rows: 'platform' }
  | { rows: 'structure'; from?: string; self?: true }
  | { rows: 'catalogue'; from?: string; shared?: { field: string; values: readonly string[] } };

export const PLATFORM_ROWS: Tenancy = { rows: 'platform' };
export const STRUCTURE_ROWS: Tenancy = { rows: 'structure' };
export const CATALOGUE_ROWS: Tenancy = { rows: 'catalogue' };
export const structureRowsOf = (from: string): Tenancy => ({ rows: 'structure', from });
export const catalogueRowsOf = (from: string): Tenancy => ({ rows: 'catalogue', from });

/** Platform staff: users who work across structures. Everyone else works inside their own structure. */
export const PLATFORM_ROLE: Role = 'ROLE_SUPER_ADMIN';

export const isPlatformStaff = (roles: readonly string[]): boolean => hasRole(roles, PLATFORM_ROLE);

/** The field of a structure's or the catalogue's rows that names their structure (embedded `{id, name}`). */
export const STRUCTURE_FIELD = 'company';

/**
 * The request header in which platform staff name the structure they work in (its id); without it, every
 * structure. The server reads nobody else's.
 */
export const STRUCTURE_HEADER = 'X-Structure';

/**
 * The code of the violation refusing a row of a structure's resource that names no structure (a user
 * created by platform staff working across all structures); the back-office translates it.
 */
export const NO_STRUCTURE = 'no_structure';

/** The resource of the structures themselves. */
export const STRUCTURES_RESOURCE = 'companies';

/** Whether the resource's rows belong to structures (with or without a catalogue beside them). */
export const isTenantScoped = (tenancy: Tenancy): boolean => tenancy.rows !== 'platform';

/**
 * Whose rows a session works on: one structure's, or, for platform staff who chose "all structures", every
 * structure's. Platform staff choose (the back-office's structure switcher); everyone else is in their own.
 */
export interface SessionStructure {
  structure: number | null;
  /** Every structure's rows, the catalogue's included as the platform's own. */
  allStructures: boolean;
}

export function sessionStructure(
  roles: readonly string[],
  ownStructure: number | null,
  chosen: number | null | undefined,
): SessionStructure {
  if (!isPlatformStaff(roles)) return { structure: ownStructure, allStructures: false };
  return chosen === null || chosen === undefined
    ? { structure: null, allStructures: true }
    : { structure: chosen, allStructures: false };
}

const structureIdOf = (value: unknown): number | null => {
  const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : value;
  return id === null || id === undefined ? null : Number(id);
};

/** Whether a record is one of the platform's catalogue (content without a structure), which structures read. */
export const isCatalogueRecord = (tenancy: Tenancy, record: Readonly<Record<string, unknown>>): boolean =>
  tenancy.rows === 'catalogue' && structureIdOf(record[STRUCTURE_FIELD]) === null;

/**
 * Whether a session may change a record of a resource, as far as structures go: its own structure's rows,
 * or any row in "all structures"; never the catalogue from inside a structure.
 */
export function mayChangeRecord(
  tenancy: Tenancy,
  record: Readonly<Record<string, unknown>>,
  session: SessionStructure,
): boolean {
  if (tenancy.rows === 'platform' || session.allStructures) return true;
  const owner =
    tenancy.rows === 'structure' && tenancy.self ? structureIdOf(record.id) : structureIdOf(record[STRUCTURE_FIELD]);
  return owner !== null && owner === session.structure;
}

/**
 * A catalogue row naming a row that not every structure reads (a structure's tag, chapter or document, the
 * platform's support file): refused on the field, in French (docs/SECURITY.md, "Structures").
 */
export const CATALOGUE_REFERENCE = {
  code: 'catalogue_reference',
  message: (field: string) =>
    `Le catalogue est lu par toutes les structures : « ${field} » ne peut pas nommer un élément propre à une structure.`,
} as const;
