import { declarationsByName } from './definitions/index.ts';

export const iriOf = (resource: string, id: number | string) => `/api/${resource}/${id}`;

/**
 * Reads a relation value as API.md allows it: an IRI (`/api/modules/3`), a bare id (3 or "3"),
 * or an embedded object carrying one of those. Answers the id, or undefined when it is not one of these.
 * With `expected`, an IRI must point at that resource.
 */
/** Ids are PostgreSQL integers: beyond this no row can have them. */
export const MAX_ID = 2_147_483_647;

export function idFromReference(value: unknown, expected?: string): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 && value <= MAX_ID ? value : undefined;
  if (typeof value === 'string') {
    if (/^\d{1,15}$/.test(value)) return idFromReference(Number(value));
    const match = /^\/api\/([a-z-]+)\/(\d{1,15})$/.exec(value);
    if (!match) return undefined;
    if (expected ? match[1] !== expected : !declarationsByName.has(match[1])) return undefined;
    return idFromReference(Number(match[2]));
  }
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return idFromReference(object['@id'] ?? object.id, expected);
  }
  return undefined;
}

/** The resource an IRI names, for polymorphic relations. */
export function resourceOfIri(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return /^\/api\/([a-z-]+)\/\d+$/.exec(value)?.[1];
}
