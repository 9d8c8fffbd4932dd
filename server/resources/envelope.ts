import type { FastifyReply, FastifyRequest } from 'fastify';
import { searchTemplateText } from '../docs/hydra.ts';
import type { ResourceEngine } from './engine.ts';
import { parseQueryString } from './listQuery.ts';
import { withContext, type Format } from './serialize.ts';
import type { ResourceDeclaration } from './types.ts';

/**
 * The Hydra envelope around what the serialiser (serialize.ts) builds: an item with its context and ETag,
 * a collection with its view and search template, or the plain JSON a client asking for it gets. Every
 * route answering records (generic, actions, auth) answers through these.
 */

export function formatOf(request: FastifyRequest): Format {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('application/ld+json') ? 'json' : 'jsonld';
}

/** A weak validator of the version an item is at: its `updatedAt` in milliseconds (what If-Match sends back). */
export function etagOf(item: Record<string, unknown>): string | undefined {
  const at = typeof item.updatedAt === 'string' ? Date.parse(item.updatedAt) : Number.NaN;
  return Number.isNaN(at) ? undefined : `W/"${at}"`;
}

export function sendItem(
  reply: FastifyReply,
  format: Format,
  declaration: ResourceDeclaration,
  item: Record<string, unknown>,
  status = 200,
) {
  const etag = etagOf(item);
  if (etag) reply.header('ETag', etag);
  return reply
    .status(status)
    .type(format === 'jsonld' ? 'application/ld+json; charset=utf-8' : 'application/json; charset=utf-8')
    .send(format === 'jsonld' ? withContext(declaration, item) : item);
}

function pageUrl(path: string, query: URLSearchParams, page: number): string {
  const copy = new URLSearchParams(query);
  copy.set('page', String(page));
  return `${path}?${copy.toString()}`;
}

export function rawQueryOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at + 1);
}

/** A list answered as a Hydra collection (JSON-LD) or a plain array (JSON), whichever the client accepts. */
export async function sendCollection(
  request: FastifyRequest,
  reply: FastifyReply,
  engine: ResourceEngine,
  declaration: ResourceDeclaration,
  path: string,
  scope: string[],
) {
  const format = formatOf(request);
  const rawQuery = rawQueryOf(request);
  const result = await engine.list(declaration, parseQueryString(rawQuery), format, scope);
  if (format === 'json') return reply.type('application/json; charset=utf-8').send(`[${result.members.join(',')}]`);
  const query = new URLSearchParams(rawQuery);
  const last = Math.max(1, Math.ceil(result.totalItems / result.itemsPerPage));
  const view: Record<string, unknown> = {
    '@id': pageUrl(path, query, result.page),
    '@type': 'hydra:PartialCollectionView',
    'hydra:first': pageUrl(path, query, 1),
    'hydra:last': pageUrl(path, query, last),
  };
  if (result.page > 1) view['hydra:previous'] = pageUrl(path, query, result.page - 1);
  if (result.page < last) view['hydra:next'] = pageUrl(path, query, result.page + 1);
  // The members arrive as JSON text from PostgreSQL: the envelope is assembled around them, not re-serialised.
  const head = JSON.stringify({
    '@context': `/api/contexts/${declaration.type}`,
    '@id': path,
    '@type': 'hydra:Collection',
    'hydra:totalItems': result.totalItems,
  });
  return reply
    .type('application/ld+json; charset=utf-8')
    .send(
      `${head.slice(0, -1)},"hydra:member":[${result.members.join(',')}],"hydra:view":${JSON.stringify(view)},` +
        `"hydra:search":${searchTemplateText(declaration.contract, path)}}`,
    );
}
