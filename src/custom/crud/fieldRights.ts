import { sessionAllows } from '../../providers/authProvider';
import type { FieldSpec } from './fieldSpec';

/**
 * Whether the session may see a field's value: a reference is shown by reading the records it points at,
 * which the session must be allowed to read (an admin reads users, not the access rights that only super
 * admins manage). Summaries carry their names and need no right on what they name.
 */
export function readableField(spec: FieldSpec): boolean {
  if ((spec.kind !== 'reference' && spec.kind !== 'references') || !spec.reference) return true;
  return sessionAllows(spec.reference, 'list');
}

/** Whether the session may write a field of a resource (the rights table's `fields`) and read what it offers. */
export const writableField = (resource: string, spec: FieldSpec) =>
  readableField(spec) && sessionAllows(`${resource}.${spec.source}`, 'write');
