import type { FastifyReply, FastifyRequest } from 'fastify';
import { declarationsByName } from '../../resources/definitions/index.ts';
import { formatOf, sendItem } from '../../resources/envelope.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import type { ResourceDeclaration } from '../../resources/types.ts';

/** Scope conditions as they follow a `WHERE t.id = $1`: each with its leading AND. */
export const andAll = (conditions: readonly string[]) => conditions.map((condition) => ` AND ${condition}`).join('');

export function declarationOf(name: string): ResourceDeclaration {
  const declaration = declarationsByName.get(name);
  if (!declaration) throw new Error(`Resource ${name} is not declared.`);
  return declaration;
}

/** Answers a record the way its resource's own GET does, in the format the client asked for. */
export async function replyWithRecord(
  engine: ResourceEngine,
  request: FastifyRequest,
  reply: FastifyReply,
  declaration: ResourceDeclaration,
  id: number,
  status = 200,
) {
  const format = formatOf(request);
  return sendItem(reply, format, declaration, await engine.get(declaration, id, format), status);
}
