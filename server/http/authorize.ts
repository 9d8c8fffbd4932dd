import type { FastifyRequest } from 'fastify';
import { reach, roleNeeded } from '../../src/domain/rights.ts';
import { ownRowsOf } from '../resources/ownRows.ts';
import { structureScope } from '../resources/tenancy.ts';
import type { Operation, ResourceDeclaration } from '../resources/types.ts';
import { forbidden } from './errors.ts';
import { requireSession } from './session.ts';

/**
 * The rights check of API.md's matrix, from the declaration: the role the operation needs, or else an
 * ownership rule that narrows the session to its own rows; and, in both cases, the rows of the session's
 * structure (answered as SQL conditions for the engine).
 */
export function authorize(request: FastifyRequest, declaration: ResourceDeclaration, operation: Operation) {
  const session = requireSession(request);
  const structure = structureScope(declaration, operation, session.structure);
  if (declaration.sessionRows) structure.push(declaration.sessionRows(session));
  const allowed = reach(session.roles, declaration.name, operation);
  if (allowed === 'all') return { session, scope: structure, forced: undefined };
  const ownRows = allowed === 'own' ? ownRowsOf(declaration) : undefined;
  if (ownRows && Number.isSafeInteger(session.userId))
    return { session, scope: [...structure, ownRows.condition(session.userId as number)], forced: ownRows.forced };
  throw forbidden(`${operation} on ${declaration.name} requires ${roleNeeded(declaration.access, operation)}.`);
}
