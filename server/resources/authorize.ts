import type { FastifyRequest } from 'fastify';
import { roleNeeded } from '../../src/domain/rights.ts';
import { reachOf } from './reach.ts';
import type { Operation, ResourceDeclaration } from './types.ts';
import { forbidden } from '../shared/errors.ts';
import { requireSession } from '../http/session.ts';

/**
 * The rights check of API.md's matrix, from the declaration: the role the operation needs, or else an
 * ownership rule that narrows the session to its own rows; and, in both cases, the rows of the session's
 * structure (answered as SQL conditions for the engine), within the rank of the session on ranked rows
 * (users). `supervised`: the rows are those of the learners the session supervises, which its statements
 * read in a scope that reads as a supervisor (asSupervisor, server/db/scope.ts). The rights are the session's structure's (`session.grants`, the rights screen's changes).
 */
export function authorize(request: FastifyRequest, declaration: ResourceDeclaration, operation: Operation) {
  const session = requireSession(request);
  const reached = reachOf(declaration, operation, session);
  if (!reached)
    throw forbidden(`${operation} on ${declaration.name} requires ${roleNeeded(declaration.access, operation)}.`);
  return { session, scope: reached.scope, forced: reached.forced, supervised: reached.supervised === true };
}
