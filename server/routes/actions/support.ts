import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { declarationsByName } from '../../resources/definitions/index.ts';
import { formatOf, sendItem } from '../../resources/plugin.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import type { ResourceDeclaration } from '../../resources/types.ts';

export function declarationOf(name: string): ResourceDeclaration {
  const declaration = declarationsByName.get(name);
  if (!declaration) throw new Error(`Resource ${name} is not declared.`);
  return declaration;
}

export function idOf(request: FastifyRequest): number {
  const raw = (request.params as { id: string }).id;
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
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
