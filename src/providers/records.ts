import { idOfIri, iriOf, relationTarget } from '../domain/relations';

type Json = Record<string, unknown>;

const isIri = (value: unknown) => idOfIri(value) !== undefined;

/**
 * An API item as react-admin holds it: relation IRIs (`/api/modules/3`, or lists of them) become ids,
 * so that reference fields and inputs work on ids; JSON-LD's own keys (`@id`, `@type`, `@context`) go,
 * so that a record reads the same whether it came from a listing (JSON-LD) or an item call (JSON).
 * Nested objects (embedded summaries, chapter-part content) are left as they are.
 */
export function fromApi(item: Json): Json {
  const record: Json = {};
  for (const [key, value] of Object.entries(item)) {
    if (key.startsWith('@')) continue;
    if (typeof value === 'string') record[key] = idOfIri(value) ?? value;
    else if (Array.isArray(value) && value.length > 0 && value.every(isIri)) record[key] = value.map(idOfIri);
    else record[key] = value;
  }
  return record;
}

function toIri(target: string, value: unknown): unknown {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) return iriOf(target, value);
  return value;
}

/** Data for a write: the relation fields of `resource` go back as IRIs, whatever react-admin holds. */
export function toApi(resource: string, data: Json): Json {
  const body: Json = {};
  for (const [key, value] of Object.entries(data)) {
    const target = relationTarget(resource, key);
    if (!target) body[key] = value;
    else body[key] = Array.isArray(value) ? value.map((item) => toIri(target, item)) : toIri(target, value);
  }
  return body;
}

const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * What an edit form changed: react-admin hands the whole record to `update`, read-only and embedded
 * fields included (a ticket's parent summary, a user's company), which a server may refuse to be sent.
 * The API's PUT takes the fields it carries, so only the changed ones go.
 */
export function changedFields(data: Json, previous: Json | undefined): Json {
  if (!previous) return data;
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => !sameValue(value, previous[key])));
}

/**
 * The body of an update: what the form changed, plus the `updatedAt` of the version the user started
 * from (API.md, 409): the server refuses the write if the record was written since, instead of letting
 * this save silently undo someone else's. A record without `updatedAt` is sent unchecked.
 */
export function updateBody(data: Json, previous: Json | undefined): Json {
  const changed = changedFields(data, previous);
  const version = previous?.updatedAt;
  return typeof version === 'string' && version !== '' ? { ...changed, updatedAt: version } : changed;
}
