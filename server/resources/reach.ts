import type { Grants } from '../../src/domain/permissions.ts';
import { reach } from '../../src/domain/rights.ts';
import { rolesAbove } from '../../src/domain/roles.ts';
import { isPlatformStaff, type SessionStructure } from '../../src/domain/tenancy.ts';
import { literal } from '../shared/sql.ts';
import { ownRowsOf } from './ownRows.ts';
import { structureScope } from './tenancy.ts';
import type { Operation, ResourceDeclaration } from './types.ts';

/** Who an operation is for: a session's user, roles and structure. */
export interface Reader {
  userId: number | null;
  roles: readonly string[];
  structure: SessionStructure;
  /** The reader's structure's changes to the rights table (the rights screen); none, the defaults. */
  grants?: Grants;
}

/**
 * The rows of a resource an operation of `reader` reaches, as SQL conditions on the row alias `t`: the
 * session's structure, the resource's session rows, and, when the rights table gives the reader only its own
 * rows, those rows (`forced`: what a create of one's own row always gets). Undefined when the rights table
 * gives the reader nothing. The one reading of the rights table that the rights check, the references a
 * write names and every read of a document's bytes share.
 */
export function reachOf(
  declaration: ResourceDeclaration,
  operation: Operation,
  reader: Reader,
): { scope: string[]; forced: Record<string, unknown> | undefined; supervised?: true } | undefined {
  const scope = structureScope(declaration, operation, reader.structure);
  const userId = reader.userId;
  const known = userId !== null && Number.isSafeInteger(userId);
  if (declaration.sessionRows && known) scope.push(declaration.sessionRows({ userId, roles: reader.roles }));
  const ranked = declaration.access.ranked;
  if (ranked && (operation === 'update' || operation === 'delete') && !isPlatformStaff(reader.roles)) {
    // Rows holding a role above the reader's are not its to change: as if they were not there (404).
    const above = rolesAbove(reader.roles);
    const column = declaration.fields[ranked]?.column ?? ranked;
    if (above.length) scope.push(`NOT (t.${column} && ARRAY[${above.map(literal).join(', ')}]::text[])`);
    // Nor is one's own row to delete: a structure's administrator does not remove themselves.
    if (operation === 'delete' && known) scope.push(`t.id <> ${userId}`);
  }
  const allowed = reach(reader.roles, declaration.name, operation, reader.grants);
  if (allowed === 'all') return { scope, forced: undefined };
  const ownRows = allowed === 'own' ? ownRowsOf(declaration) : undefined;
  if (!ownRows || !known) return undefined;
  return { scope: [...scope, ownRows.condition(userId)], forced: ownRows.forced, supervised: ownRows.supervised };
}
