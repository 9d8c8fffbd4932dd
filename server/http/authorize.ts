import type { FastifyRequest } from 'fastify';
import { reach, roleNeeded } from '../../src/domain/rights.ts';
import { rolesAbove } from '../../src/domain/roles.ts';
import { isPlatformStaff } from '../../src/domain/tenancy.ts';
import { literal } from '../shared/sql.ts';
import { ownRowsOf } from '../resources/ownRows.ts';
import { structureScope } from '../resources/tenancy.ts';
import type { Operation, ResourceDeclaration } from '../resources/types.ts';
import { forbidden } from './errors.ts';
import { requireSession } from './session.ts';

/**
 * The rights check of API.md's matrix, from the declaration: the role the operation needs, or else an
 * ownership rule that narrows the session to its own rows; and, in both cases, the rows of the session's
 * structure (answered as SQL conditions for the engine), within the rank of the session on ranked rows
 * (users). The rights are the session's structure's (`session.grants`, the rights screen's changes).
 */
export function authorize(request: FastifyRequest, declaration: ResourceDeclaration, operation: Operation) {
  const session = requireSession(request);
  const structure = structureScope(declaration, operation, session.structure);
  if (declaration.sessionRows) structure.push(declaration.sessionRows(session));
  const ranked = declaration.access.ranked;
  if (ranked && (operation === 'update' || operation === 'delete') && !isPlatformStaff(session.roles)) {
    // Rows holding a role above the session's are not its to change: as if they were not there (404).
    const above = rolesAbove(session.roles);
    const column = declaration.fields[ranked]?.column ?? ranked;
    if (above.length) structure.push(`NOT (t.${column} && ARRAY[${above.map(literal).join(', ')}]::text[])`);
    // Nor is one's own row to delete: a structure's administrator does not remove themselves.
    if (operation === 'delete' && Number.isSafeInteger(session.userId)) structure.push(`t.id <> ${session.userId}`);
  }
  const allowed = reach(session.roles, declaration.name, operation, session.grants);
  if (allowed === 'all') return { session, scope: structure, forced: undefined };
  const ownRows = allowed === 'own' ? ownRowsOf(declaration) : undefined;
  if (ownRows && Number.isSafeInteger(session.userId))
    return { session, scope: [...structure, ownRows.condition(session.userId as number)], forced: ownRows.forced };
  throw forbidden(`${operation} on ${declaration.name} requires ${roleNeeded(declaration.access, operation)}.`);
}
